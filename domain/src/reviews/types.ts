/** The shapes the reviews API sends (docs/reviews.md). */
import type { ProductImage } from '../types.js';
import type { HoldReason } from './moderation.js';
import type { RatingValue } from './rating.js';

export const REVIEW_STATUSES = ['published', 'held', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The variant the shopper bought, as its order line named it (empty for bags without variants). */
export interface ReviewVariant {
  sku: string | null;
  /** Option name → value, e.g. { Colour: 'Teal', Size: 'Cabin' }. */
  options: Record<string, string>;
}

export interface SellerReply {
  text: string;
  at: string;
  updatedAt: string;
}

/** One moderation decision, kept on the review and shown to its author. */
export interface ModerationEntry {
  status: ReviewStatus;
  /** The policy reason given (required to reject or unpublish); '' when none. */
  reason: string;
  /** 'system' for the automatic check, otherwise the admin's uid. */
  by: string;
  at: string;
}

/** A published review as everyone sees it. */
export interface PublicReview {
  _id: string;
  productId: string;
  rating: RatingValue;
  title: string;
  text: string;
  /** 'Priya S.' */
  author: string;
  verifiedBuyer: true;
  variant: ReviewVariant | null;
  photos: ProductImage[];
  reply: SellerReply | null;
  helpfulCount: number;
  /** True once the author has changed it after posting. */
  edited: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The author's own review (GET …/reviews/mine): with its state even while held or rejected. */
export interface OwnReview extends PublicReview {
  status: ReviewStatus;
  holdReasons: HoldReason[];
  /** The decisions taken on it, newest last (the reason of a rejection or unpublishing is here). */
  moderation: ModerationEntry[];
}

/** A review in the admin queue: no stars until it is decided (rating null while held). */
export interface AdminReview extends Omit<OwnReview, 'rating'> {
  rating: RatingValue | null;
  productName: string;
  userId: string;
}

export interface ReviewPage {
  reviews: PublicReview[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}
