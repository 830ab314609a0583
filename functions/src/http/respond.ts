import { createHash } from 'node:crypto';
import type { Response } from 'express';

export function ok<T>(res: Response, data: T, message?: string, status = 200): void {
  res.status(status).json(message ? { success: true, data, message } : { success: true, data });
}

/** `ok` with more top-level fields beside `data` (the product lists' `facets`). */
export function okWith<T>(res: Response, data: T, extra: Record<string, unknown>): void {
  res.status(200).json({ success: true, data, ...extra });
}

/** Catalog reads are public and hot: let browsers and the Hosting CDN cache them. */
export function publicCache(res: Response): void {
  res.set('Cache-Control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600');
}

export function noStore(res: Response): void {
  res.set('Cache-Control', 'private, no-store');
}

const serialised = new WeakMap<object, { body: string; etag: string }>();

/**
 * `ok(res, data)` for data held in a cache and answered to many requests (the product
 * lists): the envelope is serialised and its ETag hashed once per cached value instead of
 * on every request. Express still answers 304 to a matching If-None-Match.
 */
export function okCached(res: Response, data: object, extra: Record<string, unknown> = {}): void {
  let entry = serialised.get(data);
  if (!entry) {
    const body = JSON.stringify({ success: true, data, ...extra });
    entry = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    serialised.set(data, entry);
  }
  res.status(200).set('ETag', entry.etag).type('application/json').send(entry.body);
}
