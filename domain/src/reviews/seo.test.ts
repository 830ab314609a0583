import { describe, expect, it } from 'vitest';
import { productMeta } from '../seo-product.js';
import type { Product } from '../types.js';
import { emptyHistogram, ratingOf } from './rating.js';
import { reviewsJsonLd } from './seo.js';
import type { PublicReview } from './types.js';

const review = (n: number): PublicReview => ({
  _id: `p_u${n}`,
  productId: 'p',
  rating: 4,
  title: `Review ${n}`,
  text: 'Sturdy and roomy, the wheels are quiet.',
  author: 'Priya S.',
  verifiedBuyer: true,
  variant: null,
  photos: [],
  reply: null,
  helpfulCount: 0,
  edited: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

const product: Product = {
  _id: 'p',
  name: 'Cabin trolley',
  description: 'A bag',
  price: 5000,
  discount: 500,
  category: 'luggage',
  stock: 3,
  countryOfOrigin: 'India',
  image: { url: '', hash: '' },
  images: [],
  createdAt: '',
  updatedAt: '',
};

describe('rating markup', () => {
  it('is absent without published reviews', () => {
    expect(reviewsJsonLd(undefined)).toEqual({});
    expect(reviewsJsonLd(ratingOf(emptyHistogram()), [])).toEqual({});
    const ld = productMeta({ ...product, rating: ratingOf(emptyHistogram()) }, 'https://bagshop.example.in', 'Bagshop').jsonLd?.[0];
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
  });

  it('gives the aggregate and at most five reviews', () => {
    const rating = ratingOf({ 1: 1, 2: 0, 3: 0, 4: 5, 5: 1 }); // 26 / 7 = 3.71
    const ld = productMeta({ ...product, rating }, 'https://bagshop.example.in', 'Bagshop', null, [1, 2, 3, 4, 5, 6].map(review))
      .jsonLd?.[0];
    expect(ld).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 3.7, reviewCount: 7, bestRating: 5, worstRating: 1 },
    });
    const reviews = (ld as { review: object[] }).review;
    expect(reviews).toHaveLength(5);
    expect(reviews[0]).toEqual({
      '@type': 'Review',
      name: 'Review 1',
      reviewBody: 'Sturdy and roomy, the wheels are quiet.',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: 'Priya S.' },
      datePublished: '2026-11-20',
    });
  });
});
