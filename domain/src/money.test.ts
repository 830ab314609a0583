import { describe, it, expect } from 'vitest';
import { discountPercent, formatINR, lineTotal, orderTotals, salePrice, toPaise } from './money.js';

describe('prices', () => {
  it('sale price is price minus discount, never below 0', () => {
    expect(salePrice(2000, 500)).toBe(1500);
    expect(salePrice(2000, 0)).toBe(2000);
    expect(salePrice(100, 150)).toBe(0);
  });

  it('discount percent is rounded, 0 without a price', () => {
    expect(discountPercent(3000, 1000)).toBe(33);
    expect(discountPercent(1000, 345)).toBe(35);
    expect(discountPercent(0, 10)).toBe(0);
  });
});

describe('totals', () => {
  it('lineTotal is sale price × quantity', () => {
    expect(lineTotal({ price: 1200, discount: 200, quantity: 3 })).toBe(3000);
  });

  it('orderTotals sums price, discount, sale and quantities', () => {
    expect(
      orderTotals([
        { price: 1000, discount: 100, quantity: 2 },
        { price: 500, discount: 0, quantity: 1 },
      ]),
    ).toEqual({ subtotal: 2500, discountTotal: 200, totalAmount: 2300, itemCount: 3 });
    expect(orderTotals([])).toEqual({ subtotal: 0, discountTotal: 0, totalAmount: 0, itemCount: 0 });
  });

  it('toPaise gives whole paise', () => {
    expect(toPaise(1499)).toBe(149900);
    expect(toPaise(0.1 + 0.2)).toBe(30);
  });
});

describe('formatting', () => {
  it('formats rupees with Indian grouping and no paise', () => {
    expect(formatINR(123456)).toBe('₹1,23,456');
    expect(formatINR(0)).toBe('₹0');
  });

  it('formatINR gives what Intl en-IN gives (rounding half away from zero, signs, big and odd numbers)', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
    const values = [
      0, -0, -0.4, 0.5, 1.5, 2.5, -2.5, 999, 999.5, 1000, 12345, 123456, 1234567, 12345678, 123456789.5, -1234.5, 4999, 4236.44,
    ];
    for (let x = 1; x < 1e16; x *= 7) values.push(x, -x, x + 0.5);
    for (const special of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21]) values.push(special);
    for (const value of values) expect(formatINR(value), String(value)).toBe(intl.format(value));
  });
});
