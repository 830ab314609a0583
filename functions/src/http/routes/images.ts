import { Router } from 'express';
import { badRequest, HttpError } from '../../lib/errors.js';
import { MISS_CACHE_CONTROL } from '../../lib/miss-cache.js';
import { isImageHash, readImage } from '../../services/images/image-store.js';
import { jpegVariant } from '../../services/images/jpeg-variant.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function imagesRouter(): Router {
  const router = Router();

  // Content-addressed: the URL names the bytes, so they can be cached forever (docs/decisions/0004-images-in-firestore.md).
  // `{sha256}.jpg` is the same picture as a JPEG, for link previews (docs/search-and-seo.md).
  router.get('/:name', async (req, res) => {
    const match = /^([0-9a-f]{64})(\.jpg)?$/.exec(req.params.name);
    const sha256 = match?.[1] ?? '';
    if (!match || !isImageHash(sha256)) throw badRequest('Invalid image id');
    const jpeg = match[2] !== undefined;
    const etag = `"${sha256}${jpeg ? '-jpg' : ''}"`;
    if (req.get('if-none-match') === etag) {
      res.set({ 'Cache-Control': IMMUTABLE, ETag: etag }).status(304).end();
      return;
    }
    const image = await readImage(sha256);
    if (!image) throw new HttpError(404, 'Image not found', undefined, { 'Cache-Control': MISS_CACHE_CONTROL });
    const body = jpeg ? await jpegVariant(sha256, image.bytes) : image.bytes;
    res.set({
      'Content-Type': jpeg ? 'image/jpeg' : image.contentType,
      'Cache-Control': IMMUTABLE,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    });
    res.status(200).send(body);
  });

  return router;
}
