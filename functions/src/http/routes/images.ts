import { Router } from 'express';
import { badRequest, HttpError } from '../../lib/errors.js';
import { MISS_CACHE_CONTROL } from '../../lib/miss-cache.js';
import { isImageHash, readImage } from '../../services/images/image-store.js';

export function imagesRouter(): Router {
  const router = Router();

  // Content-addressed: the URL names the bytes, so they can be cached forever (DESIGN §6).
  router.get('/:sha256', async (req, res) => {
    const { sha256 } = req.params;
    if (!isImageHash(sha256)) throw badRequest('Invalid image id');
    const etag = `"${sha256}"`;
    if (req.get('if-none-match') === etag) {
      res.set({ 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag }).status(304).end();
      return;
    }
    const image = await readImage(sha256);
    if (!image) throw new HttpError(404, 'Image not found', undefined, { 'Cache-Control': MISS_CACHE_CONTROL });
    res.set({
      'Content-Type': image.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    });
    res.status(200).send(image.bytes);
  });

  return router;
}
