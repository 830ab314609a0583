/**
 * A product's rating aggregate (docs/reviews.md, "Rating"): published reviews only. The
 * stored truth is the histogram; the count and the average are always derived from it, so
 * any sequence of adds and removes leaves an exact figure (no running average to drift).
 */

export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
export type RatingValue = (typeof RATING_VALUES)[number];

export type RatingHistogram = Record<RatingValue, number>;

export interface ProductRating {
  /** Mean of the published ratings, rounded to one decimal; 0 when there are none. */
  average: number;
  /** Published reviews. */
  count: number;
  /** Published reviews per star. */
  histogram: RatingHistogram;
}

export const isRatingValue = (value: unknown): value is RatingValue =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;

export const emptyHistogram = (): RatingHistogram => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });

/** The rating a histogram gives: count, and the average to one decimal (half away from zero). */
export function ratingOf(histogram: RatingHistogram): ProductRating {
  let count = 0;
  let sum = 0;
  for (const star of RATING_VALUES) {
    const n = Math.max(0, Math.trunc(histogram[star]));
    count += n;
    sum += n * star;
  }
  // Integer arithmetic: tenths = round(10 * sum / count), so 4.45 → 4.5, never 4.4 from a float.
  const average = count === 0 ? 0 : Math.round((sum * 10) / count) / 10;
  return { average, count, histogram: { ...histogram } };
}

/**
 * The histogram after a review's published rating changes: `from` is the rating that counted
 * before (null when the review was not published), `to` the one that counts after.
 */
export function moveRating(histogram: RatingHistogram, from: RatingValue | null, to: RatingValue | null): RatingHistogram {
  const next = { ...histogram };
  if (from !== null) next[from] = Math.max(0, next[from] - 1);
  if (to !== null) next[to] += 1;
  return next;
}

/** The stars to draw for an average: whole and half stars, to the nearest half. */
export function starsOf(average: number): { full: number; half: boolean; empty: number } {
  const halves = Math.round(Math.min(5, Math.max(0, average)) * 2);
  const full = Math.floor(halves / 2);
  const half = halves % 2 === 1;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}

/** '4.3 out of 5 stars, 12 reviews' (for screen readers and titles). */
export function ratingLabel(rating: Pick<ProductRating, 'average' | 'count'>): string {
  if (rating.count === 0) return 'No reviews yet';
  return `${rating.average.toFixed(1)} out of 5 stars, ${rating.count === 1 ? '1 review' : `${rating.count} reviews`}`;
}

/**
 * The `rating` field of a stored product: `{ histogram: {1..5} }` (count and average are
 * stored beside it for people reading the data, but always re-derived here). Absent: no reviews.
 */
export function ratingFromData(value: unknown): ProductRating {
  const histogram = emptyHistogram();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const h = (value as { histogram?: unknown }).histogram;
    if (typeof h === 'object' && h !== null) {
      for (const star of RATING_VALUES) {
        const n = (h as Record<string, unknown>)[String(star)];
        if (typeof n === 'number' && Number.isFinite(n) && n > 0) histogram[star] = Math.trunc(n);
      }
    }
  }
  return ratingOf(histogram);
}

/** What is stored on the product for a histogram. */
export function ratingToData(histogram: RatingHistogram): { histogram: Record<string, number>; average: number; count: number } {
  const r = ratingOf(histogram);
  return { histogram: Object.fromEntries(RATING_VALUES.map((s) => [String(s), r.histogram[s]])), average: r.average, count: r.count };
}
