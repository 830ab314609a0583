import type { Response } from 'express';

export function ok<T>(res: Response, data: T, message?: string, status = 200): void {
  res.status(status).json(message ? { success: true, data, message } : { success: true, data });
}

/** Catalog reads are public and hot: let browsers and the Hosting CDN cache them. */
export function publicCache(res: Response): void {
  res.set('Cache-Control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600');
}

export function noStore(res: Response): void {
  res.set('Cache-Control', 'private, no-store');
}
