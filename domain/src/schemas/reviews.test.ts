import { describe, expect, it } from 'vitest';
import { firstMessage } from './common.js';
import { parseReviewListQuery, REVIEW_MESSAGES, reviewCreateSchema, reviewDecisionSchema, reviewUpdateSchema } from './reviews.js';

const good = { rating: '4', title: 'Good bag', text: 'Carried it across three trips without a scratch.' };
const message = (input: unknown) => {
  const r = reviewCreateSchema.safeParse(input);
  return r.success ? null : firstMessage(r.error);
};

describe('review schemas', () => {
  it('accepts a review and reads the rating from form text', () => {
    expect(reviewCreateSchema.parse(good)).toEqual({ ...good, rating: 4 });
  });

  it('names each problem', () => {
    expect(message({ ...good, rating: '6' })).toBe(REVIEW_MESSAGES.rating);
    expect(message({ ...good, rating: '4.5' })).toBe(REVIEW_MESSAGES.rating);
    expect(message({ ...good, rating: '' })).toBe(REVIEW_MESSAGES.ratingRequired);
    expect(message({ ...good, title: ' ' })).toBe(REVIEW_MESSAGES.titleRequired);
    expect(message({ ...good, title: 'x'.repeat(121) })).toBe(REVIEW_MESSAGES.titleTooLong);
    expect(message({ ...good, text: 'Too short' })).toBe(REVIEW_MESSAGES.textTooShort);
    expect(message({ ...good, text: 'x'.repeat(2001) })).toBe(REVIEW_MESSAGES.textTooLong);
    expect(message({ ...good, text: 'x'.repeat(2000) })).toBeNull();
  });

  it('edits only what is sent', () => {
    expect(reviewUpdateSchema.parse({ rating: '2' })).toEqual({ rating: 2 });
  });

  it('needs a stated reason to reject', () => {
    expect(reviewDecisionSchema.safeParse({ status: 'published' }).success).toBe(true);
    const r = reviewDecisionSchema.safeParse({ status: 'rejected', reason: 'bad' });
    expect(r.success ? null : firstMessage(r.error)).toBe(REVIEW_MESSAGES.reasonRequired);
    expect(reviewDecisionSchema.safeParse({ status: 'rejected', reason: 'Shares a phone number (personal data)' }).success).toBe(true);
    expect(reviewDecisionSchema.safeParse({ status: 'held' }).success).toBe(false);
  });

  it('reads the list query', () => {
    expect(parseReviewListQuery({})).toEqual({ ok: true, query: { sort: 'recent', rating: null, withPhotos: false, offset: 0 } });
    expect(parseReviewListQuery({ sort: 'lowest', rating: '2', withPhotos: '1', cursor: 'oa' })).toEqual({
      ok: true,
      query: { sort: 'lowest', rating: 2, withPhotos: true, offset: 10 },
    });
    expect(parseReviewListQuery({ sort: 'best' })).toMatchObject({ ok: false, field: 'sort' });
    expect(parseReviewListQuery({ rating: '0' })).toMatchObject({ ok: false, field: 'rating' });
    expect(parseReviewListQuery({ cursor: 'zz' })).toMatchObject({ ok: false, field: 'cursor' });
  });
});
