import { config, z } from 'zod';
import { MAX_QUANTITY } from '../stock.js';

// A strict Content-Security-Policy refuses `new Function`, which zod uses to compile object
// parsers (and probes for at the first object schema, a reported violation even when caught).
// Turned off here, before any schema is built: every schema module imports this one first
// (docs/security.md). The same on the server, so both sides parse alike.
config({ jitless: true });

/** Upper (and a few lower) bounds every schema uses: the same numbers on client and server. */
export const LIMITS = {
  name: 50,
  email: 254,
  phone: 10,
  addressLine: 200,
  description: 5000,
  password: 128,
  priceMin: 1,
  priceMax: 1000000,
  quantityMax: MAX_QUANTITY,
  stockMax: 10000,
} as const;

/** One field problem, as the API's `errors` list carries it. */
export interface FieldError {
  field: string;
  message: string;
}

type IssueList = Pick<z.core.$ZodError, 'issues'>;

/**
 * The field problems of a failed parse: one per field (its first message), in the order
 * the fields first failed. `field` is the issue path joined with '.' ('' for the body itself).
 */
export function fieldErrors(error: IssueList): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map((part) => String(part)).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issue.message });
  }
  return out;
}

/** The first message of a failed parse (for a toast or the response `message`). */
export function firstMessage(error: IssueList): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

const isMissing = (input: unknown) => input === undefined || input === null;

/** A Firestore document id: 1–128 of letters, digits, '_' and '-' (not the reserved `__x__`). */
export const docIdSchema = z
  .string({ error: 'Invalid id' })
  .refine((id) => /^[A-Za-z0-9_-]{1,128}$/.test(id) && !/^__.*__$/.test(id), { error: 'Invalid id' });

/** One more condition on a text field, checked after required and length. */
export interface TextRule {
  test: (value: string) => boolean;
  message: string;
}

export const minLength = (min: number, message: string): TextRule => ({
  test: (value) => value.length >= min,
  message,
});

export const matches = (pattern: RegExp, message: string): TextRule => ({
  test: (value) => pattern.test(value),
  message,
});

export interface TextFieldOptions {
  /** Used in the default messages: '{label} is required', '{label} must be at most N characters'. */
  label: string;
  max: number;
  /** Message for a missing, null or blank value. */
  required?: string;
  /** Message for a value that is longer than `max`. */
  tooLong?: string;
  /** Message for a value that is not a string (default '{label} must be text'). */
  invalid?: string;
  /** Trim surrounding white space first (default true). */
  trim?: boolean;
  /** Lower-case the value (after trimming). */
  lowercase?: boolean;
  /** Further conditions, in order; only the first that fails is reported. */
  rules?: readonly TextRule[];
}

/**
 * A required string that reports at most one problem, in this order: missing / null / blank
 * gives `required`; a non-string gives `invalid`; then the length ceiling; then `rules`.
 * (One issue per field keeps API `errors` and form messages clean, and, unlike `abort`,
 * still lets cross-field refinements with `when` run.)
 */
export function textField({ label, max, required, tooLong, invalid, trim = true, lowercase = false, rules = [] }: TextFieldOptions) {
  const requiredMessage = required ?? `${label} is required`;
  const invalidMessage = invalid ?? `${label} must be text`;
  const tooLongMessage = tooLong ?? `${label} must be at most ${max} characters`;
  let schema = z.string({ error: (issue) => (isMissing(issue.input) ? requiredMessage : invalidMessage) });
  if (trim) schema = schema.trim();
  if (lowercase) schema = schema.toLowerCase();
  return schema.check((payload) => {
    const value = payload.value;
    const message =
      value.length === 0 ? requiredMessage : value.length > max ? tooLongMessage : rules.find((rule) => !rule.test(value))?.message;
    if (message !== undefined) payload.issues.push({ code: 'custom', message, input: value });
  });
}

/** An optional string: missing or null becomes '' (trimmed, at most `max` characters). */
export function optionalTextField({ label, max }: { label: string; max: number }) {
  return z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters` })
      .default(''),
  );
}

const NUMERIC = /^[+-]?\d+(\.\d+)?$/;

/**
 * Form fields and multipart bodies carry numbers as text: turn a plain decimal string into a
 * number, a blank string into null (treated as missing), and anything else (such as '1e309',
 * '0x10' or 'abc') into NaN so it fails. -0 becomes 0.
 */
export function toNumberInput(value: unknown): unknown {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (!NUMERIC.test(text)) return Number.NaN;
    return Number(text) + 0;
  }
  if (typeof value === 'number' && Object.is(value, -0)) return 0;
  return value;
}

export interface WholeNumberOptions {
  min: number;
  max: number;
  /** Message for anything that is not a whole number in [min, max]. */
  message: string;
  /** Message for a missing, null or blank value (defaults to `message`). */
  required?: string;
}

/** A whole number in [min, max]; numeric strings are accepted (see `toNumberInput`). */
export function wholeNumberField({ min, max, message, required }: WholeNumberOptions) {
  return z.preprocess(
    toNumberInput,
    z
      .number({ error: (issue) => (isMissing(issue.input) ? (required ?? message) : message) })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );
}

export const QUANTITY_MESSAGE = `Quantity must be a whole number between 1 and ${MAX_QUANTITY.toLocaleString('en-IN')}`;

/** A line quantity: a whole number from 1 to 10,000. */
export const quantitySchema = wholeNumberField({ min: 1, max: LIMITS.quantityMax, message: QUANTITY_MESSAGE });

/** An optional field where null means the same as leaving it out. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null ? undefined : value), schema.optional());
}

/** A JSON body must be an object; this is the message when it is not. */
export const BODY_MESSAGE = 'Request body must be a JSON object';

/**
 * For a cross-field `.refine(…, { when })`: run it only on an object body where none of these
 * top-level fields failed on its own, so a form shows e.g. 'Passwords must match' even while
 * another field is still empty.
 */
export function whenFieldsValid(...fields: string[]) {
  return (payload: z.core.ParsePayload): boolean => {
    const value = payload.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    return !payload.issues.some((issue) => {
      const field = issue.path?.[0];
      return field === undefined || (typeof field === 'string' && fields.includes(field));
    });
  };
}
