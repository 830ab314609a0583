/**
 * Review photos are served under their review (docs/reviews.md "Photos", issue 37): to everyone
 * only while the review is published, with a five-minute cache, so taking a review down takes its
 * photos down within that time. The author and the admins see the photos of a held or rejected
 * review through links signed for an hour (HMAC with ORDER_LINK_SECRET, the key of the shop's
 * other signed links), never cached.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { reviewPhotoUrl, type ProductImage, type ReviewStatus } from '@bagshop/domain';
import { serverConfig } from '../config.js';
import { db } from '../lib/admin.js';

export const REVIEW_PHOTO_LINK_SECONDS = 3600;
const REVIEW_ID = /^[A-Za-z0-9]{1,100}_[A-Za-z0-9]{1,128}$/;

export function isReviewId(value: string): boolean {
  return REVIEW_ID.test(value);
}

function signature(secret: string, reviewId: string, hash: string, expires: number): string {
  return createHmac('sha256', secret).update(`review-photo:${reviewId}:${hash}:${expires}`).digest('base64url');
}

/** The photo's link for its author or an admin: signed for an hour (unsigned when no key is set: it then answers only once published). */
export function signedReviewPhotoUrl(reviewId: string, hash: string, now = Date.now()): string {
  const url = reviewPhotoUrl(reviewId, hash);
  const secret = serverConfig().fulfilment.orderLinkSecret;
  if (!secret) return url;
  const expires = Math.floor(now / 1000) + REVIEW_PHOTO_LINK_SECONDS;
  return `${url}?expires=${expires}&sig=${signature(secret, reviewId, hash, expires)}`;
}

function signatureHolds(reviewId: string, hash: string, expires: string | undefined, sig: string | undefined, now: number): boolean {
  const secret = serverConfig().fulfilment.orderLinkSecret;
  if (!secret || !expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 < now) return false;
  const want = Buffer.from(signature(secret, reviewId, hash, Number(expires)));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * Who may see the photo now: 'public' while its review is published (and still carries it),
 * 'private' for a valid signed link, null otherwise (404).
 */
export async function reviewPhotoAccess(
  reviewId: string,
  hash: string,
  link: { expires?: string | undefined; sig?: string | undefined },
  now = Date.now(),
): Promise<'public' | 'private' | null> {
  const snap = await db.doc(`reviews/${reviewId}`).get();
  if (!snap.exists) return null;
  const photos = (snap.get('photos') ?? []) as { hash?: unknown }[];
  if (!photos.some((p) => p.hash === hash)) return null;
  if (snap.get('status') === 'published') return 'public';
  return signatureHolds(reviewId, hash, link.expires, link.sig, now) ? 'private' : null;
}

/** The author's or an admin's view of a review: photos of a review that is not published get signed links. */
export function withPhotoLinks<T extends { _id: string; status: ReviewStatus; photos: ProductImage[] }>(review: T): T {
  if (review.status === 'published') return review;
  return { ...review, photos: review.photos.map((p) => ({ ...p, url: signedReviewPhotoUrl(review._id, p.hash) })) };
}
