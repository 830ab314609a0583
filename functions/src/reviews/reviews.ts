/**
 * Reviews (docs/reviews.md): only buyers of a delivered bag write them, one per shopper and
 * product (`reviews/{productId}_{uid}`); the automatic check may hold one for an admin; the
 * product's `rating` aggregate (published reviews only) changes in the same transaction as
 * the review, so concurrent reviews keep it exact.
 */
import {
  adminReview,
  fullNameOf,
  holdReasons,
  moveRating,
  ownReview,
  publicReview,
  ratingFromData,
  ratingToData,
  REVIEW_MESSAGES,
  REVIEWS_PAGE_SIZE,
  encodeReviewCursor,
  reviewAuthorName,
  reviewFromData,
  reviewId,
  reviewVariantOf,
  Fields,
  type AdminReview,
  type OwnReview,
  type PublicReview,
  type RatingHistogram,
  type RatingValue,
  type ReviewCreateInput,
  type ReviewDecisionInput,
  type ReviewListQuery,
  type ReviewPage,
  type ReviewStatus,
  type ReviewUpdateInput,
  type ReviewVariant,
  type StoredReview,
} from '@bagshop/domain';
import { FieldValue, Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { serverConfig } from '../config.js';
import { db } from '../lib/admin.js';
import { conflict, forbidden, HttpError, notFound } from '../lib/errors.js';
import { plainData, plainDoc } from '../lib/firestore-data.js';
import { PRODUCT_NOT_FOUND, products } from '../catalog/index.js';
import { bumpCatalogVersion, forgetCatalogVersionRead } from '../catalog/index.js';
import { preparePhotos } from '../images/index.js';
import type { ProcessedImage } from '../images/index.js';
import { queueMail } from '../mail/index.js';
import { orders } from '../orders/store.js';
import { withPhotoLinks } from './photos.js';
import { reviewDecisionMail } from './review-mails.js';

export const reviews = () => db.collection('reviews');
const helpfulVotes = (rid: string) => reviews().doc(rid).collection('helpful');

/** The order status that means "delivered" (docs/orders-and-payments.md). */
export const DELIVERED_STATUS = 'completed';
const CONTENDED = 'Many reviews of this bag are being saved right now, please try again';

const toReview = (snap: FirebaseFirestore.DocumentSnapshot): StoredReview => reviewFromData(snap.id, plainDoc(snap));

/** Transaction retried on contention; contention that outlasts the retries is a 409, not a fault. */
async function runReviewTransaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.runTransaction(fn, { maxAttempts: 10 });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 10 || code === 'aborted' || code === 'ABORTED') throw conflict(CONTENDED);
    throw error;
  }
}

/**
 * The delivered order line of this product that the shopper's review rests on (the most
 * recently delivered), with the variant it names if the line has one; null when they have
 * none. Read outside the review's transaction: a delivered order never becomes undelivered.
 */
export async function deliveredLine(uid: string, productId: string): Promise<{ orderId: string; variant: ReviewVariant | null } | null> {
  const snap = await orders().where('userId', '==', uid).get();
  let best: { orderId: string; variant: ReviewVariant | null; at: number } | null = null;
  for (const doc of snap.docs) {
    const data = doc.data();
    if (data.status !== DELIVERED_STATUS || !Array.isArray(data.items)) continue;
    const at = (data.updatedAt as Timestamp | undefined)?.toMillis?.() ?? 0;
    for (const item of data.items as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const line = item as { _id?: unknown; product?: { _id?: unknown } };
      if (line._id !== productId && line.product?._id !== productId) continue;
      if (!best || at > best.at) best = { orderId: doc.id, variant: reviewVariantOf(plainData(item)), at };
    }
  }
  return best && { orderId: best.orderId, variant: best.variant };
}

async function authorName(uid: string): Promise<{ author: string; firstname: string; email: string }> {
  const data = (await db.doc(`users/${uid}`).get()).data();
  if (!data) return { author: 'A shopper', firstname: '', email: '' };
  const d = Fields.of(plainData(data), `users/${uid}`);
  const name = fullNameOf(d);
  return { author: reviewAuthorName(name.firstname, name.lastname), firstname: name.firstname, email: d.text('email') };
}

/** Inside a transaction, after the product was read: writes the product's new aggregate. */
function writeRating(tx: Transaction, product: FirebaseFirestore.DocumentSnapshot, from: RatingValue | null, to: RatingValue | null): void {
  if (from === to || !product.exists) return;
  const histogram: RatingHistogram = moveRating(ratingFromData(product.get('rating')).histogram, from, to);
  // Not `updatedAt`: that is the version the admin's stock form edits against (catalog/catalog.ts).
  tx.update(product.ref, { rating: ratingToData(histogram) });
  bumpCatalogVersion(tx); // the lists show the rating
}

const counted = (status: ReviewStatus, rating: RatingValue): RatingValue | null => (status === 'published' ? rating : null);

function moderationEntry(status: ReviewStatus, reason: string, by: string) {
  return { status, reason, by, at: Timestamp.now() };
}

export async function createReview(
  uid: string,
  productId: string,
  input: ReviewCreateInput,
  photos: () => Promise<ProcessedImage[]>,
): Promise<OwnReview> {
  const productRef = products().doc(productId);
  const productSnap = await productRef.get();
  if (!productSnap.exists) throw notFound(PRODUCT_NOT_FOUND);
  const line = await deliveredLine(uid, productId);
  if (!line) throw forbidden(REVIEW_MESSAGES.notBuyer);
  const ref = reviews().doc(reviewId(productId, uid));
  if ((await ref.get()).exists) throw conflict(REVIEW_MESSAGES.duplicate);
  const [processed, who] = await Promise.all([photos(), authorName(uid)]);
  const reasons = holdReasons(input, serverConfig().reviews.blocklist);
  const status: ReviewStatus = reasons.length ? 'held' : 'published';
  const rating = input.rating as RatingValue;

  await runReviewTransaction(async (tx) => {
    const [existing, product] = await Promise.all([tx.get(ref), tx.get(productRef)]);
    if (existing.exists) throw conflict(REVIEW_MESSAGES.duplicate);
    if (!product.exists) throw notFound(PRODUCT_NOT_FOUND);
    const pictures = await preparePhotos(tx, processed, 'review');
    pictures.apply();
    tx.create(ref, {
      productId,
      productName: String(product.get('name') ?? ''),
      userId: uid,
      orderId: line.orderId,
      author: who.author,
      rating,
      title: input.title,
      text: input.text,
      photos: pictures.refs,
      variant: line.variant,
      status,
      holdReasons: reasons,
      moderation: [moderationEntry(status, '', 'system')],
      reply: null,
      helpfulCount: 0,
      edited: false,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    writeRating(tx, product, null, counted(status, rating));
  });
  forgetCatalogVersionRead();
  if (status === 'held') logger.info('review_held', { reviewId: ref.id, reasons });
  return withPhotoLinks(ownReview(toReview(await ref.get())));
}

export async function getOwnReview(uid: string, productId: string): Promise<OwnReview> {
  const snap = await reviews().doc(reviewId(productId, uid)).get();
  if (!snap.exists) throw notFound(REVIEW_MESSAGES.noneYet);
  return withPhotoLinks(ownReview(toReview(snap)));
}

/** Whether the shopper may write a review of the product, and their review if they have one. */
export async function reviewEligibility(uid: string, productId: string): Promise<{ canReview: boolean; review: OwnReview | null }> {
  const snap = await reviews().doc(reviewId(productId, uid)).get();
  if (snap.exists) return { canReview: false, review: withPhotoLinks(ownReview(toReview(snap))) };
  return { canReview: (await deliveredLine(uid, productId)) !== null, review: null };
}

/**
 * The author edits their review (marked as edited). The text is checked again; a review an
 * admin rejected goes back to the queue rather than straight out.
 */
export async function updateOwnReview(
  uid: string,
  productId: string,
  input: ReviewUpdateInput,
  photos: (() => Promise<ProcessedImage[]>) | null,
): Promise<OwnReview> {
  const ref = reviews().doc(reviewId(productId, uid));
  if (!(await ref.get()).exists) throw notFound(REVIEW_MESSAGES.noneYet);
  const processed = photos ? await photos() : null;
  const productRef = products().doc(productId);
  await runReviewTransaction(async (tx) => {
    const [snap, product] = await Promise.all([tx.get(ref), tx.get(productRef)]);
    if (!snap.exists) throw notFound(REVIEW_MESSAGES.noneYet);
    const current = toReview(snap);
    const next = { title: input.title ?? current.title, text: input.text ?? current.text };
    const rating = (input.rating ?? current.rating) as RatingValue;
    const reasons = holdReasons(next, serverConfig().reviews.blocklist);
    const status: ReviewStatus = reasons.length || current.status === 'rejected' ? 'held' : 'published';
    const pictures = processed ? await preparePhotos(tx, processed, 'review') : null;
    pictures?.apply();
    const patch: Record<string, unknown> = {
      ...next,
      rating,
      status,
      holdReasons: reasons,
      edited: true,
      updatedAt: FieldValue.serverTimestamp(),
    };
    if (pictures) patch.photos = pictures.refs;
    else if (input.removePhotos) patch.photos = [];
    if (status !== current.status) patch.moderation = FieldValue.arrayUnion(moderationEntry(status, '', 'system'));
    tx.update(ref, patch);
    writeRating(tx, product, counted(current.status, current.rating), counted(status, rating));
  });
  forgetCatalogVersionRead();
  return withPhotoLinks(ownReview(toReview(await ref.get())));
}

export async function deleteOwnReview(uid: string, productId: string): Promise<void> {
  const ref = reviews().doc(reviewId(productId, uid));
  await runReviewTransaction(async (tx) => {
    const [snap, product] = await Promise.all([tx.get(ref), tx.get(products().doc(productId))]);
    if (!snap.exists) throw notFound(REVIEW_MESSAGES.noneYet);
    const current = toReview(snap);
    tx.delete(ref);
    writeRating(tx, product, counted(current.status, current.rating), null);
  });
  forgetCatalogVersionRead();
  // The votes go with it (not part of the aggregate, so outside the transaction).
  const votes = await helpfulVotes(ref.id).listDocuments();
  if (votes.length) {
    const batch = db.batch();
    votes.forEach((v) => batch.delete(v));
    await batch.commit();
  }
}

const SORTS: Record<ReviewListQuery['sort'], (a: StoredReview, b: StoredReview) => number> = {
  recent: (a, b) => b.createdAt.localeCompare(a.createdAt),
  helpful: (a, b) => b.helpfulCount - a.helpfulCount || b.createdAt.localeCompare(a.createdAt),
  highest: (a, b) => b.rating - a.rating || b.createdAt.localeCompare(a.createdAt),
  lowest: (a, b) => a.rating - b.rating || b.createdAt.localeCompare(a.createdAt),
};

/** The published reviews of a product, filtered, sorted and paged (REVIEWS_PAGE_SIZE a page). */
export async function listReviews(productId: string, query: ReviewListQuery): Promise<ReviewPage> {
  const snap = await reviews().where('productId', '==', productId).where('status', '==', 'published').get();
  const all = snap.docs
    .map(toReview)
    .filter((r) => (query.rating === null || r.rating === query.rating) && (!query.withPhotos || r.photos.length > 0))
    .sort(SORTS[query.sort]);
  const page = all.slice(query.offset, query.offset + REVIEWS_PAGE_SIZE);
  const next = query.offset + REVIEWS_PAGE_SIZE;
  return { reviews: page.map(publicReview), nextCursor: next < all.length ? encodeReviewCursor(next) : null };
}

/** The reviews the product page's JSON-LD names: the most helpful published ones. */
export async function topReviews(productId: string, count: number): Promise<PublicReview[]> {
  const page = await listReviews(productId, { sort: 'helpful', rating: null, withPhotos: false, offset: 0 });
  return page.reviews.slice(0, count);
}

/** One vote per signed-in shopper per review: a second call takes it back. Never the author's own. */
export async function toggleHelpful(uid: string, productId: string, rid: string): Promise<{ helpful: boolean; helpfulCount: number }> {
  const ref = reviews().doc(rid);
  const vote = helpfulVotes(rid).doc(uid);
  return runReviewTransaction(async (tx) => {
    const [snap, voted] = await Promise.all([tx.get(ref), tx.get(vote)]);
    if (!snap.exists) throw notFound(REVIEW_MESSAGES.notFound);
    const review = toReview(snap);
    if (review.productId !== productId || review.status !== 'published') throw notFound(REVIEW_MESSAGES.notFound);
    if (review.userId === uid) throw forbidden(REVIEW_MESSAGES.ownVote);
    const helpful = !voted.exists;
    if (helpful) tx.create(vote, { at: FieldValue.serverTimestamp() });
    else tx.delete(vote);
    const helpfulCount = Math.max(0, review.helpfulCount + (helpful ? 1 : -1));
    tx.update(ref, { helpfulCount });
    return { helpful, helpfulCount };
  });
}

const STATUS_ORDER: Record<ReviewStatus, number> = { held: 0, published: 1, rejected: 2 };

/** The moderation queue: held first (oldest first, as they wait), then the newest of the rest. */
export async function adminListReviews(filter: { status: ReviewStatus | null; productId: string | null }): Promise<AdminReview[]> {
  let query: FirebaseFirestore.Query = reviews();
  if (filter.status) query = query.where('status', '==', filter.status);
  if (filter.productId) query = query.where('productId', '==', filter.productId);
  const snap = await query.limit(500).get();
  return snap.docs
    .map(toReview)
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        (a.status === 'held' ? a.createdAt.localeCompare(b.createdAt) : b.createdAt.localeCompare(a.createdAt)),
    )
    .map((r) => withPhotoLinks(adminReview(r)));
}

/**
 * An admin publishes or rejects a review. Rejecting needs a stated policy reason (the schema
 * checks it), which is logged on the review, mailed to the author and shown to them; that is
 * also the only way a published review comes down.
 */
export async function decideReview(adminUid: string, rid: string, input: ReviewDecisionInput): Promise<AdminReview> {
  const ref = reviews().doc(rid);
  const first = await ref.get();
  if (!first.exists) throw notFound(REVIEW_MESSAGES.notFound);
  const author = toReview(first).userId;
  const who = await authorName(author);
  const outcome = await runReviewTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(REVIEW_MESSAGES.notFound);
    const current = toReview(snap);
    const product = await tx.get(products().doc(current.productId));
    if (current.status === input.status) return null; // already so: nothing to log or send
    const reason = (input.reason ?? '').trim();
    tx.update(ref, {
      status: input.status,
      moderation: FieldValue.arrayUnion(moderationEntry(input.status, reason, adminUid)),
      updatedAt: FieldValue.serverTimestamp(),
    });
    writeRating(tx, product, counted(current.status, current.rating), counted(input.status, current.rating));
    queueMail(
      tx,
      reviewDecisionMail({
        uid: current.userId,
        email: who.email,
        firstname: who.firstname,
        productId: current.productId,
        productName: current.productName,
        status: input.status,
        wasPublished: current.status === 'published',
        reason,
      }),
    );
    return { from: current.status, reason };
  });
  if (outcome) {
    forgetCatalogVersionRead();
    logger.info('review_moderated', { reviewId: rid, from: outcome.from, to: input.status, by: adminUid, reason: outcome.reason });
  }
  return withPhotoLinks(adminReview(toReview(await ref.get())));
}

/** The seller's one public reply under a review; posting again edits it. */
export async function replyToReview(rid: string, text: string): Promise<AdminReview> {
  const ref: DocumentReference = reviews().doc(rid);
  await runReviewTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(REVIEW_MESSAGES.notFound);
    const current = toReview(snap);
    const now = Timestamp.now();
    tx.update(ref, { reply: { text, at: current.reply ? Timestamp.fromDate(new Date(current.reply.at)) : now, updatedAt: now } });
  });
  return withPhotoLinks(adminReview(toReview(await ref.get())));
}

/**
 * Account erasure (accounts/privacy.ts): every review of the shopper goes, as if they
 * had deleted each (the product's rating follows), with its helpful votes. Answers the hashes
 * of the photos the reviews carried, for the caller to delete.
 */
export async function eraseAuthorReviews(uid: string): Promise<string[]> {
  const snap = await reviews().where('userId', '==', uid).get();
  const hashes: string[] = [];
  for (const doc of snap.docs) {
    const review = toReview(doc);
    hashes.push(...review.photos.map((p) => p.hash));
    await deleteOwnReview(uid, review.productId).catch((error: unknown) => {
      // Already gone (a delete that raced this one) is fine; anything else is not.
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    });
  }
  return hashes;
}
