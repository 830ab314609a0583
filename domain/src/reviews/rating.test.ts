import { describe, expect, it } from 'vitest';
import { emptyHistogram, moveRating, ratingFromData, ratingLabel, ratingOf, ratingToData, starsOf, type RatingValue } from './rating.js';

describe('rating aggregate', () => {
  it('is empty without reviews', () => {
    expect(ratingOf(emptyHistogram())).toEqual({ average: 0, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });

  it('averages to one decimal, rounding half up with integer arithmetic', () => {
    // 5,4,4,5 → 4.5 exactly; 4,4,5 → 4.333 → 4.3; 4,5,5 → 4.667 → 4.7
    expect(ratingOf({ 1: 0, 2: 0, 3: 0, 4: 2, 5: 2 }).average).toBe(4.5);
    expect(ratingOf({ 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 }).average).toBe(4.3);
    expect(ratingOf({ 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 }).average).toBe(4.7);
    // 89 / 20 = 4.45 → 4.5 (a float 4.45 * 10 would give 44.49999…)
    expect(ratingOf({ 1: 0, 2: 0, 3: 0, 4: 11, 5: 9 }).average).toBe(4.5);
  });

  it('moves a review between stars, adds and removes it', () => {
    let h = emptyHistogram();
    h = moveRating(h, null, 5); // published
    h = moveRating(h, null, 1);
    expect(ratingOf(h)).toMatchObject({ average: 3, count: 2 });
    h = moveRating(h, 1, 2); // edited
    expect(ratingOf(h)).toMatchObject({ average: 3.5, count: 2, histogram: { 1: 0, 2: 1, 5: 1 } });
    h = moveRating(h, 5, null); // deleted or rejected
    expect(ratingOf(h)).toMatchObject({ average: 2, count: 1 });
    expect(moveRating(emptyHistogram(), 3, null)[3]).toBe(0); // never negative
  });

  it('stays exact over any sequence of changes', () => {
    let h = emptyHistogram();
    const live: RatingValue[] = [];
    for (let i = 0; i < 200; i += 1) {
      const star = ((i * 7) % 5) + 1;
      if (i % 3 === 2 && live.length) {
        h = moveRating(h, live.pop() ?? null, null);
      } else {
        h = moveRating(h, null, star as RatingValue);
        live.push(star as RatingValue);
      }
    }
    const sum = live.reduce((a, b) => a + b, 0);
    expect(ratingOf(h).count).toBe(live.length);
    expect(ratingOf(h).average).toBe(Math.round((sum * 10) / live.length) / 10);
  });

  it('reads and writes the stored field; junk reads as no reviews', () => {
    const stored = ratingToData({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 3 });
    expect(stored).toEqual({ histogram: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 3 }, average: 4, count: 4 });
    expect(ratingFromData(stored)).toEqual({ average: 4, count: 4, histogram: { 1: 1, 2: 0, 3: 0, 4: 0, 5: 3 } });
    expect(ratingFromData(undefined).count).toBe(0);
    expect(ratingFromData({ histogram: { 1: -2, 5: 'x' } }).count).toBe(0);
  });

  it('draws stars to the nearest half and labels the rating', () => {
    expect(starsOf(4.3)).toEqual({ full: 4, half: true, empty: 0 });
    expect(starsOf(4.2)).toEqual({ full: 4, half: false, empty: 1 });
    expect(starsOf(0)).toEqual({ full: 0, half: false, empty: 5 });
    expect(ratingLabel({ average: 4.25, count: 2 })).toBe('4.3 out of 5 stars, 2 reviews');
    expect(ratingLabel({ average: 0, count: 0 })).toBe('No reviews yet');
  });
});
