/** `reviews/{productId}_{uid}` (docs/reviews.md; docs/architecture.md, "Data model"). */
import { HOLD_REASONS, reviewPhotoUrl } from '../reviews/moderation.js';
import { isRatingValue, type RatingValue } from '../reviews/rating.js';
import {
  REVIEW_STATUSES,
  type AdminReview,
  type ModerationEntry,
  type OwnReview,
  type PublicReview,
  type ReviewVariant,
  type SellerReply,
} from '../reviews/types.js';
import type { ProductImage } from '../types.js';
import { CodecError, Fields, isPlainObject } from './plain.js';

/** A stored review, every field read: the source of the three views below. */
export interface StoredReview extends Omit<AdminReview, 'rating'> {
  rating: RatingValue;
}

/** The id of a shopper's review of a product: one per shopper and product, by construction. */
export const reviewId = (productId: string, uid: string): string => `${productId}_${uid}`;

function photoOf(value: unknown, path: string): ProductImage {
  const p = Fields.of(value, path);
  return { url: p.text('url'), hash: p.text('hash') };
}

/** The variant an order line names: `options` as a map or as [{ name, value }]; null when none. */
export function reviewVariantOf(value: unknown): ReviewVariant | null {
  if (!isPlainObject(value)) return null;
  const options: Record<string, string> = {};
  const raw = value.options;
  if (Array.isArray(raw)) {
    for (const o of raw) {
      if (isPlainObject(o) && typeof o.name === 'string' && typeof o.value === 'string') options[o.name] = o.value;
    }
  } else if (isPlainObject(raw)) {
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') options[k] = v;
  }
  const sku = typeof value.sku === 'string' && value.sku ? value.sku : null;
  return sku === null && Object.keys(options).length === 0 ? null : { sku, options };
}

function replyOf(r: Fields | null): SellerReply | null {
  if (!r) return null;
  const at = r.date('at');
  return { text: r.text('text'), at, updatedAt: r.date('updatedAt') || at };
}

function moderationOf(value: unknown, path: string): ModerationEntry {
  const m = Fields.of(value, path);
  return { status: m.oneOf('status', REVIEW_STATUSES, 'held'), reason: m.text('reason'), by: m.text('by'), at: m.date('at') };
}

export function reviewFromData(id: string, data: unknown): StoredReview {
  const d = Fields.of(data, `reviews/${id}`);
  const rating = d.number('rating');
  if (!isRatingValue(rating)) throw new CodecError(`reviews/${id}.rating`, 'a whole number from 1 to 5');
  const createdAt = d.date('createdAt');
  return {
    _id: id,
    productId: d.text('productId'),
    productName: d.text('productName'),
    userId: d.text('userId'),
    rating,
    title: d.text('title'),
    text: d.text('text'),
    author: d.text('author') || 'A shopper',
    verifiedBuyer: true,
    variant: reviewVariantOf(d.raw('variant')),
    photos: d.list('photos', photoOf),
    reply: replyOf(d.objectOrNull('reply')),
    helpfulCount: d.number('helpfulCount'),
    edited: d.boolean('edited'),
    status: d.oneOf('status', REVIEW_STATUSES, 'held'),
    holdReasons: d
      .textList('holdReasons')
      .filter((r): r is (typeof HOLD_REASONS)[number] => (HOLD_REASONS as readonly string[]).includes(r)),
    moderation: d.list('moderation', moderationOf),
    createdAt,
    updatedAt: d.date('updatedAt') || createdAt,
  };
}

export function publicReview(r: StoredReview): PublicReview {
  return {
    _id: r._id,
    productId: r.productId,
    rating: r.rating,
    title: r.title,
    text: r.text,
    author: r.author,
    verifiedBuyer: true,
    variant: r.variant,
    // Served under the review (only while it is published), never at the shared picture URL.
    photos: r.photos.map((p) => ({ url: reviewPhotoUrl(r._id, p.hash), hash: p.hash })),
    reply: r.reply,
    helpfulCount: r.helpfulCount,
    edited: r.edited,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export function ownReview(r: StoredReview): OwnReview {
  return { ...publicReview(r), status: r.status, holdReasons: r.holdReasons, moderation: r.moderation };
}

/** The admin's view: the stars are hidden while the review is held (rating never decides moderation). */
export function adminReview(r: StoredReview): AdminReview {
  return { ...ownReview(r), rating: r.status === 'held' ? null : r.rating, productName: r.productName, userId: r.userId };
}

/** 'Priya S.': the first name and the last name's initial, as reviews show their author. */
export function reviewAuthorName(firstname: string, lastname: string): string {
  const first = firstname.trim().split(/\s+/)[0] ?? '';
  const initial = lastname.trim().charAt(0).toUpperCase();
  if (!first) return 'A shopper';
  return initial ? `${first} ${initial}.` : first;
}
