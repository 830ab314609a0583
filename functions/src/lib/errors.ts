import { ZodError } from 'zod';
import { fieldErrors } from '@bagshop/domain';

export interface FieldError {
  field: string;
  message: string;
}

/** An error whose message is safe to show to the person who made the request. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'You are not logged in') => new HttpError(401, message);
export const forbidden = (message = 'You don’t have permission') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export interface ErrorBody {
  success: false;
  message: string;
  errors?: FieldError[];
}

/**
 * The one error normaliser: every failure leaves the API through here, so the body shape
 * and status codes are the same on every route. Unknown errors become a 500 with no detail.
 */
export function normaliseError(error: unknown): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof HttpError) {
    const body: ErrorBody = { success: false, message: error.message };
    if (error.errors?.length) body.errors = error.errors;
    return { status: error.status, body, ...(error.headers ? { headers: error.headers } : {}) };
  }
  if (error instanceof ZodError) {
    const errors = fieldErrors(error);
    return { status: 400, body: { success: false, message: errors[0]?.message ?? 'Invalid input', errors } };
  }
  if (isBodyParserError(error)) {
    if (error.type === 'entity.too.large') {
      return { status: 413, body: { success: false, message: 'Request body is too large' } };
    }
    return { status: 400, body: { success: false, message: 'Request body is not valid JSON' } };
  }
  return { status: 500, body: { success: false, message: 'Something went wrong' } };
}

function isBodyParserError(error: unknown): error is { type: string; status: number } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'type' in error &&
    typeof (error as { type: unknown }).type === 'string' &&
    'status' in error
  );
}
