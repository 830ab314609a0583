import { describe, expect, it } from 'vitest';
import { returnedLinePaidPaise, wholeLinePaidPaise } from './paid.js';

describe('the refund of returned units of a discounted line (issue 28)', () => {
  // As an order stores it: 3 × ₹1,999 less ₹333 each, and the line's share of a code, 499.81 off.
  const stored = { price: 1999, discount: 333, quantity: 3, offerDiscountPaise: 49981 };

  it('reads the stored line’s offerDiscountPaise: the line was paid ₹4,498.19, not ₹4,998', () => {
    expect(wholeLinePaidPaise(stored)).toBe(3 * 166600 - 49981);
    expect(wholeLinePaidPaise({ price: 1999, discount: 333, quantity: 3, discountPaise: 49981 })).toBe(449819);
  });

  it('partial returns refund the discounted units, the first units taking the odd paise, adding up to the line', () => {
    const first = returnedLinePaidPaise(stored, 1, 0);
    const rest = returnedLinePaidPaise(stored, 2, 1);
    expect([first, rest]).toEqual([149940, 299879]);
    expect(first + rest).toBe(449819);
  });
});
