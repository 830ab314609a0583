import { z } from 'zod';
import { minLength, optionalField, textField, wholeNumberField } from './common.js';
import { REVIEW_STATUSES } from '../reviews/types.js';

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const MAX_REVIEW_PHOTOS = 3;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_REASON_MIN = 10;
export const REVIEW_REASON_MAX = 500;
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_MESSAGES = {
  notBuyer: 'Only buyers of this bag can review it',
  duplicate: 'You have already reviewed this bag; edit your review instead',
  rating: 'Rating must be a whole number of stars from 1 to 5',
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${REVIEW_TITLE_MAX} characters`,
  textRequired: 'Review text is required',
  textTooShort: `Review text must be at least ${REVIEW_TEXT_MIN} characters`,
  textTooLong: `Review text must be at most ${REVIEW_TEXT_MAX} characters`,
  tooManyPhotos: `Add at most ${MAX_REVIEW_PHOTOS} photos`,
  notFound: 'Review not found',
  noneYet: 'You have not reviewed this bag',
  ownVote: 'You cannot vote for your own review',
  reasonRequired: 'Give the policy reason for rejecting this review (at least 10 characters)',
  reasonTooLong: `Reason must be at most ${REVIEW_REASON_MAX} characters`,
  status: 'Status must be published or rejected',
  replyRequired: 'Reply text is required',
  replyTooLong: `Reply must be at most ${REVIEW_REPLY_MAX} characters`,
  listStatus: 'status must be one of held, published, rejected',
  sort: 'sort must be one of recent, helpful, highest, lowest',
  ratingFilter: 'rating must be a whole number from 1 to 5',
  cursor: 'cursor is not valid',
} as const;

const rating = wholeNumberField({ min: 1, max: 5, message: REVIEW_MESSAGES.rating, required: REVIEW_MESSAGES.ratingRequired });
const title = textField({
  label: 'Title',
  max: REVIEW_TITLE_MAX,
  required: REVIEW_MESSAGES.titleRequired,
  tooLong: REVIEW_MESSAGES.titleTooLong,
});
const text = textField({
  label: 'Review text',
  max: REVIEW_TEXT_MAX,
  required: REVIEW_MESSAGES.textRequired,
  tooLong: REVIEW_MESSAGES.textTooLong,
  rules: [minLength(REVIEW_TEXT_MIN, REVIEW_MESSAGES.textTooShort)],
});

/** POST /api/products/{id}/reviews (the text fields of the multipart form). */
export const reviewCreateSchema = z.object({ rating, title, text });
export type ReviewCreateInput = z.infer<typeof reviewCreateSchema>;

/** PATCH …/reviews/mine: the fields sent change; `removePhotos=1` clears the photos (new `photos` replace them). */
export const reviewUpdateSchema = z.object({
  rating: optionalField(rating),
  title: optionalField(title),
  text: optionalField(text),
  removePhotos: optionalField(z.enum(['1', 'true'], { error: 'removePhotos must be 1' })),
});
export type ReviewUpdateInput = z.infer<typeof reviewUpdateSchema>;

const reason = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.string({ error: 'Reason must be text' }).trim().max(REVIEW_REASON_MAX, { error: REVIEW_MESSAGES.reasonTooLong }).optional(),
);

/**
 * PATCH /api/admin/reviews/{reviewId}: publish, or reject with a stated policy reason (also
 * to unpublish a published review). The reason is shown to the author.
 */
export const reviewDecisionSchema = z
  .object({
    status: z.enum(['published', 'rejected'], { error: REVIEW_MESSAGES.status }),
    reason,
  })
  .refine((d) => d.status !== 'rejected' || (d.reason ?? '').length >= REVIEW_REASON_MIN, {
    error: REVIEW_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type ReviewDecisionInput = z.infer<typeof reviewDecisionSchema>;

/** POST /api/admin/reviews/{reviewId}/reply (again to edit it). */
export const reviewReplySchema = z.object({
  text: textField({
    label: 'Reply',
    max: REVIEW_REPLY_MAX,
    required: REVIEW_MESSAGES.replyRequired,
    tooLong: REVIEW_MESSAGES.replyTooLong,
  }),
});

export const REVIEW_SORTS = ['recent', 'helpful', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  recent: 'Most recent',
  helpful: 'Most helpful',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
};

export interface ReviewListQuery {
  sort: ReviewSort;
  rating: number | null;
  withPhotos: boolean;
  /** Reviews to skip (the decoded cursor). */
  offset: number;
}

export type ReviewListQueryResult = { ok: true; query: ReviewListQuery } | { ok: false; field: string; message: string };

const one = (raw: unknown): string | undefined | null => (raw === undefined ? undefined : typeof raw === 'string' ? raw.trim() : null);

/** Cursor ⇄ offset: opaque to clients ('o' + base-36). */
export const encodeReviewCursor = (offset: number): string => `o${offset.toString(36)}`;

/** GET /api/products/{id}/reviews?sort=&rating=&withPhotos=&cursor= */
export function parseReviewListQuery(params: Record<string, unknown>): ReviewListQueryResult {
  const query: ReviewListQuery = { sort: 'recent', rating: null, withPhotos: false, offset: 0 };
  const sort = one(params.sort);
  if (sort === null || (sort && !(REVIEW_SORTS as readonly string[]).includes(sort)))
    return { ok: false, field: 'sort', message: REVIEW_MESSAGES.sort };
  if (sort) query.sort = sort as ReviewSort;
  const r = one(params.rating);
  if (r === null || (r && !/^[1-5]$/.test(r))) return { ok: false, field: 'rating', message: REVIEW_MESSAGES.ratingFilter };
  if (r) query.rating = Number(r);
  const photos = one(params.withPhotos);
  if (photos === null) return { ok: false, field: 'withPhotos', message: 'withPhotos must be 1 or 0' };
  if (photos === '1' || photos === 'true') query.withPhotos = true;
  else if (photos && photos !== '0' && photos !== 'false') return { ok: false, field: 'withPhotos', message: 'withPhotos must be 1 or 0' };
  const cursor = one(params.cursor);
  if (cursor === null || (cursor && !/^o[0-9a-z]{1,6}$/.test(cursor)))
    return { ok: false, field: 'cursor', message: REVIEW_MESSAGES.cursor };
  if (cursor) query.offset = parseInt(cursor.slice(1), 36);
  return { ok: true, query };
}

export const ADMIN_REVIEW_STATUSES = REVIEW_STATUSES;
