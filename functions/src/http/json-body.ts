import type { Request } from 'express';
import { HttpError } from '../lib/errors.js';

export const JSON_ONLY = 'Content-Type must be application/json';

/**
 * The request's JSON body for a schema to parse: `{}` when there is no body at all (no or a
 * zero Content-Length), 415 when a body comes with another content type (a form post, plain
 * text…). Malformed JSON never gets here (docs/api-accounts.md).
 */
export function jsonBody(req: Request): unknown {
  const length = req.get('content-length');
  const hasContent = req.get('transfer-encoding') !== undefined || (length !== undefined && Number(length) > 0);
  if (!hasContent) return {};
  if (!req.is('application/json')) throw new HttpError(415, JSON_ONLY);
  return req.body;
}
