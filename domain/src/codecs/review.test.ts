import { describe, expect, it } from 'vitest';
import { adminReview, ownReview, publicReview, reviewAuthorName, reviewFromData, reviewVariantOf } from './review.js';

const stored = {
  productId: 'p1',
  productName: 'Cabin trolley',
  userId: 'u1',
  author: 'Priya S.',
  rating: 2,
  title: 'Wheels wobble',
  text: 'The wheels started wobbling after two trips.',
  photos: [{ url: '/api/images/abc', hash: 'abc' }],
  variant: { sku: 'CT-TEAL', options: { Colour: 'Teal' } },
  status: 'held',
  holdReasons: ['phone', 'nonsense'],
  moderation: [{ status: 'held', reason: '', by: 'system', at: '2026-11-20T10:00:00.000Z' }],
  helpfulCount: 3,
  edited: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('review codec', () => {
  it('reads a stored review and gives each audience its view', () => {
    const r = reviewFromData('p1_u1', stored);
    expect(r).toMatchObject({ _id: 'p1_u1', rating: 2, holdReasons: ['phone'], updatedAt: stored.createdAt, reply: null });
    expect(publicReview(r)).not.toHaveProperty('status');
    expect(publicReview(r)).not.toHaveProperty('userId');
    expect(ownReview(r)).toMatchObject({ status: 'held', moderation: [{ by: 'system' }] });
    // the queue shows no stars until a decision is made
    expect(adminReview(r).rating).toBeNull();
    expect(adminReview({ ...r, status: 'published' }).rating).toBe(2);
  });

  it('refuses a rating outside 1 to 5', () => {
    expect(() => reviewFromData('x', { ...stored, rating: 7 })).toThrow(/rating/);
  });

  it('reads the variant of an order line in either shape', () => {
    expect(reviewVariantOf({ variantId: 'v', sku: 'S1', options: [{ name: 'Size', value: 'Large' }] })).toEqual({
      sku: 'S1',
      options: { Size: 'Large' },
    });
    expect(reviewVariantOf({ options: { Colour: 'Red' } })).toEqual({ sku: null, options: { Colour: 'Red' } });
    expect(reviewVariantOf({ name: 'A bag without variants' })).toBeNull();
    expect(reviewVariantOf(undefined)).toBeNull();
  });

  it('shows the first name and last initial', () => {
    expect(reviewAuthorName('Priya Devi', 'sharma')).toBe('Priya S.');
    expect(reviewAuthorName('Arun', '')).toBe('Arun');
    expect(reviewAuthorName(' ', 'K')).toBe('A shopper');
  });
});
