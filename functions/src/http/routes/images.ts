import { isPictureWidth, PICTURE_WIDTH_MESSAGE, type PictureWidth } from '@bagshop/domain';
import { Router, type Request, type Response } from 'express';
import { logger } from 'firebase-functions';
import { badRequest, HttpError } from '../../lib/errors.js';
import { MISS_CACHE_CONTROL } from '../../lib/miss-cache.js';
import { isImageHash, readImage, readPictureWidth } from '../../services/images/image-store.js';
import { jpegVariant } from '../../services/images/jpeg-variant.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A width not made yet (a picture stored before widths): the original, until `npm run migrate:images` has run. */
const UNTIL_MIGRATED = 'public, max-age=300';

const notFound = () => new HttpError(404, 'Image not found', undefined, { 'Cache-Control': MISS_CACHE_CONTROL });

function send(res: Response, body: Uint8Array, contentType: string, cacheControl: string, etag?: string): void {
  res.set({ 'Content-Type': contentType, 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' });
  if (etag) res.set('ETag', etag);
  res.status(200).send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

/** `image/avif` named in Accept (not only through a wildcard): the browser decodes AVIF. */
const acceptsAvif = (req: Request) => /(^|,)\s*image\/avif\s*(;|,|$)/i.test(req.get('accept') ?? '');

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
    if (!image) throw notFound();
    send(res, jpeg ? await jpegVariant(sha256, image.bytes) : image.bytes, jpeg ? 'image/jpeg' : image.contentType, IMMUTABLE, etag);
  });

  // One width of the picture (docs/decisions/0030-pictures-for-the-screen.md): AVIF when the
  // browser accepts it and it is smaller, else WebP. The answer depends on Accept: `Vary: Accept`.
  router.get('/:name/:width', async (req, res) => {
    const sha256 = req.params.name;
    if (!isImageHash(sha256)) throw badRequest('Invalid image id');
    const width = Number(req.params.width);
    if (!/^\d+$/.test(req.params.width) || !isPictureWidth(width)) throw badRequest(PICTURE_WIDTH_MESSAGE);
    res.set('Vary', 'Accept');
    const avif = acceptsAvif(req);
    const etags = [`"${sha256}-${width}-webp"`, ...(avif ? [`"${sha256}-${width}-avif"`] : [])];
    const asked = req.get('if-none-match');
    if (asked && etags.includes(asked)) {
      res.set({ 'Cache-Control': IMMUTABLE, ETag: asked }).status(304).end();
      return;
    }
    // The original is the 1200 width's WebP: no need to read the width's document for it.
    const kept = avif || width !== 1200 ? await readPictureWidth(sha256, width as PictureWidth) : null;
    if (kept?.avif && avif) return send(res, kept.avif, 'image/avif', IMMUTABLE, `"${sha256}-${width}-avif"`);
    if (kept?.webp) return send(res, kept.webp, 'image/webp', IMMUTABLE, `"${sha256}-${width}-webp"`);
    const image = await readImage(sha256);
    if (!image) throw notFound();
    if (kept || (width === 1200 && !avif)) return send(res, image.bytes, image.contentType, IMMUTABLE, `"${sha256}-${width}-webp"`);
    logger.warn('image_width_missing', { sha256, width });
    send(res, image.bytes, image.contentType, UNTIL_MIGRATED);
  });

  return router;
}
