/**
 * Rating markup for search results (docs/reviews.md, "Rating markup"): schema.org
 * `aggregateRating` and up to five `review`s on the product's JSON-LD, only when at least one
 * review is published; nothing otherwise (an empty rating is not markup).
 */
import type { ProductRating } from './rating.js';
import type { PublicReview } from './types.js';

export const JSON_LD_REVIEWS = 5;

export function reviewsJsonLd(
  rating: Pick<ProductRating, 'average' | 'count'> | undefined,
  reviews: readonly PublicReview[] = [],
): { aggregateRating?: object; review?: object[] } {
  if (!rating || rating.count < 1) return {};
  const stars = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: 5, worstRating: 1 });
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 },
    ...(reviews.length
      ? {
          review: reviews.slice(0, JSON_LD_REVIEWS).map((r) => ({
            '@type': 'Review',
            name: r.title,
            reviewBody: r.text,
            reviewRating: stars(r.rating),
            author: { '@type': 'Person', name: r.author },
            ...(r.createdAt ? { datePublished: r.createdAt.slice(0, 10) } : {}),
          })),
        }
      : {}),
  };
}
