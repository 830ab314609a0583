import type { Request } from 'express';
import { HttpError } from '../lib/errors.js';

/**
 * The parsed JSON body. A body sent with another content type is a 415 (express.json only
 * parses application/json, so such a body would otherwise look like no body at all).
 * Malformed JSON never gets here: the functions framework answers it first (docs/api-accounts.md).
 */
export function jsonBody(req: Request): unknown {
  const length = Number(req.get('content-length') ?? '0');
  const hasBody = length > 0 || req.get('transfer-encoding') !== undefined;
  if (hasBody && !req.is('application/json')) throw new HttpError(415, 'Send the body as application/json');
  return req.body;
}

/** Like `jsonBody`, for routes whose body is optional: no body at all is `{}`. */
export function optionalJsonBody(req: Request): unknown {
  const length = Number(req.get('content-length') ?? '0');
  const hasBody = length > 0 || req.get('transfer-encoding') !== undefined;
  return hasBody ? jsonBody(req) : {};
}
