import { isPictureWidth, PICTURE_WIDTH_MESSAGE, type PictureWidth } from '@bagshop/domain';
import { Router, type Request, type Response } from 'express';
import { logger } from 'firebase-functions';
import { badRequest, HttpError } from '../../lib/errors.js';
import { MISS_CACHE_CONTROL } from '../../lib/miss-cache.js';
import { isImageHash, readImage, readPictureWidth } from '../../images/index.js';
import { jpegVariant } from '../../images/index.js';
import { isReviewId, reviewPhotoAccess } from '../../reviews/index.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A width not made yet (a picture stored before widths): the original, until `npm run migrate:images` has run. */
const UNTIL_MIGRATED = 'public, max-age=300';

const notFound = () => new HttpError(404, 'Image not found', undefined, { 'Cache-Control': MISS_CACHE_CONTROL });
/** A review photo is public only while its review is published: a short cache, so a take-down shows within minutes (docs/reviews.md "Photos"). */
const REVIEW_PHOTO_PUBLIC = 'public, max-age=300, s-maxage=300';
const REVIEW_PHOTO_PRIVATE = 'private, no-store';
const reviewPhotoGone = () => new HttpError(404, 'Image not found', undefined, { 'Cache-Control': 'no-store' });

function send(res: Response, body: Uint8Array, contentType: string, cacheControl: string, etag?: string): void {
  res.set({ 'Content-Type': contentType, 'Cache-Control': cacheControl, 'X-Content-Type-Options': 'nosniff' });
  if (etag) res.set('ETag', etag);
  res.status(200).send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

/** `image/avif` named in Accept (not only through a wildcard): the browser decodes AVIF. */
const acceptsAvif = (req: Request) => /(^|,)\s*image\/avif\s*(;|,|$)/i.test(req.get('accept') ?? '');

/** Cache-Control of the answer, or null: `review` is the review the URL names (a review photo's own URL). */
type Serving = { cache: string; review: boolean };

async function sendOriginal(req: Request, res: Response, sha256: string, jpeg: boolean, serving: Serving): Promise<void> {
  const etag = `"${sha256}${jpeg ? '-jpg' : ''}"`;
  if (req.get('if-none-match') === etag && !serving.review) {
    res.set({ 'Cache-Control': serving.cache, ETag: etag }).status(304).end();
    return;
  }
  const image = await readImage(sha256);
  // A review's photo is never served at the shared picture URL (its review decides).
  if (!image || (image.owner === 'review' && !serving.review)) throw notFound();
  if (req.get('if-none-match') === etag) {
    res.set({ 'Cache-Control': serving.cache, ETag: etag }).status(304).end();
    return;
  }
  send(res, jpeg ? await jpegVariant(sha256, image.bytes) : image.bytes, jpeg ? 'image/jpeg' : image.contentType, serving.cache, etag);
}

// One width of the picture (docs/decisions/0030-pictures-for-the-screen.md): AVIF when the
// browser accepts it and it is smaller, else WebP. The answer depends on Accept: `Vary: Accept`.
async function sendWidth(req: Request, res: Response, sha256: string, rawWidth: string, serving: Serving): Promise<void> {
  const width = Number(rawWidth);
  if (!/^\d+$/.test(rawWidth) || !isPictureWidth(width)) throw badRequest(PICTURE_WIDTH_MESSAGE);
  res.set('Vary', 'Accept');
  const avif = acceptsAvif(req);
  const etags = [`"${sha256}-${width}-webp"`, ...(avif ? [`"${sha256}-${width}-avif"`] : [])];
  const asked = req.get('if-none-match');
  if (asked && etags.includes(asked) && !serving.review) {
    res.set({ 'Cache-Control': serving.cache, ETag: asked }).status(304).end();
    return;
  }
  // The original is the 1200 width's WebP: no need to read the width's document for it.
  const kept = avif || width !== 1200 ? await readPictureWidth(sha256, width as PictureWidth) : null;
  if (kept?.owner === 'review' && !serving.review) throw notFound();
  if (asked && etags.includes(asked) && kept) {
    res.set({ 'Cache-Control': serving.cache, ETag: asked }).status(304).end();
    return;
  }
  if (kept?.avif && avif) return send(res, kept.avif, 'image/avif', serving.cache, `"${sha256}-${width}-avif"`);
  if (kept?.webp) return send(res, kept.webp, 'image/webp', serving.cache, `"${sha256}-${width}-webp"`);
  const image = await readImage(sha256);
  if (!image || (image.owner === 'review' && !serving.review)) throw notFound();
  if (kept || (width === 1200 && !avif)) return send(res, image.bytes, image.contentType, serving.cache, `"${sha256}-${width}-webp"`);
  logger.warn('image_width_missing', { sha256, width });
  send(res, image.bytes, image.contentType, serving.review ? serving.cache : UNTIL_MIGRATED);
}

const PRODUCT_PICTURE: Serving = { cache: IMMUTABLE, review: false };

/** The review photo's access (published: public, a signed link: private), or 404 at once. */
async function reviewServing(req: Request, reviewId: string, sha256: string): Promise<Serving> {
  if (!isReviewId(reviewId) || !isImageHash(sha256)) throw badRequest('Invalid image id');
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const access = await reviewPhotoAccess(reviewId, sha256, { expires: text(req.query.expires), sig: text(req.query.sig) });
  if (!access) throw reviewPhotoGone();
  return { cache: access === 'public' ? REVIEW_PHOTO_PUBLIC : REVIEW_PHOTO_PRIVATE, review: true };
}

export function imagesRouter(): Router {
  const router = Router();

  // A review's photo, under its review (docs/reviews.md "Photos"): only while it is published, or through a signed link.
  router.get('/review/:rid/:name', async (req, res) => {
    await sendOriginal(req, res, req.params.name, false, await reviewServing(req, req.params.rid, req.params.name));
  });
  router.get('/review/:rid/:name/:width', async (req, res) => {
    await sendWidth(req, res, req.params.name, req.params.width, await reviewServing(req, req.params.rid, req.params.name));
  });

  // Content-addressed: the URL names the bytes, so they can be cached forever (docs/decisions/0004-images-in-firestore.md).
  // `{sha256}.jpg` is the same picture as a JPEG, for link previews (docs/search-and-seo.md).
  router.get('/:name', async (req, res) => {
    const match = /^([0-9a-f]{64})(\.jpg)?$/.exec(req.params.name);
    const sha256 = match?.[1] ?? '';
    if (!match || !isImageHash(sha256)) throw badRequest('Invalid image id');
    await sendOriginal(req, res, sha256, match[2] !== undefined, PRODUCT_PICTURE);
  });

  router.get('/:name/:width', async (req, res) => {
    const sha256 = req.params.name;
    if (!isImageHash(sha256)) throw badRequest('Invalid image id');
    await sendWidth(req, res, sha256, req.params.width, PRODUCT_PICTURE);
  });

  return router;
}
