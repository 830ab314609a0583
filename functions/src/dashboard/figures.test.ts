import { describe, expect, it } from 'vitest';
import { bestSellers, revenueFigures, type DaySales } from './figures.js';
import { salesOf } from '../catalog/sales-counters.js';

describe('revenueFigures', () => {
  it('today is the last day; the week adds every day', () => {
    const days = [
      { date: '2026-11-15', revenue: 300, orders: 1 },
      { date: '2026-11-16', revenue: 0, orders: 0 },
      { date: '2026-11-17', revenue: 0, orders: 0 },
      { date: '2026-11-18', revenue: 0, orders: 0 },
      { date: '2026-11-19', revenue: 0, orders: 0 },
      { date: '2026-11-20', revenue: 700, orders: 1 },
      { date: '2026-11-21', revenue: 2500, orders: 2 },
    ];
    expect(revenueFigures(days)).toEqual({ today: 2500, ordersToday: 2, last7Days: 3500, ordersLast7Days: 4, byDay: days });
    expect(revenueFigures([])).toMatchObject({ today: 0, ordersToday: 0, last7Days: 0, ordersLast7Days: 0, byDay: [] });
  });
});

describe('bestSellers', () => {
  const day = (productId: string, quantity: number, revenue = quantity * 1000): DaySales => ({
    productId,
    name: `Bag ${productId}`,
    imageUrl: '',
    quantity,
    revenue,
  });

  it('adds each product’s days, ranks by units, then revenue, then name; at most five', () => {
    const top = bestSellers([
      day('a', 2),
      day('b', 3),
      day('a', 2),
      day('c', 4, 100),
      day('d', 4, 200),
      day('e', 1),
      day('f', 1),
      day('g', 1, 5),
    ]);
    expect(top.map((b) => [b._id, b.quantity])).toEqual([
      ['a', 4],
      ['d', 4],
      ['c', 4],
      ['b', 3],
      ['e', 1],
    ]);
    expect(top[0]).toEqual({ _id: 'a', name: 'Bag a', quantity: 4, revenue: 4000, imageUrl: '' });
  });

  it('a product whose orders were all cancelled (counted back to 0) is not a best seller', () => {
    expect(bestSellers([day('a', 2), day('a', -2, -2000), day('b', 1)]).map((b) => b._id)).toEqual(['b']);
  });
});

describe('salesOf (what an order adds to the counters)', () => {
  it('units and sale-price revenue per product; lines without a product or quantity are left out', () => {
    const sales = salesOf([
      { _id: 'a', name: 'Bag a', price: 2000, discount: 500, quantity: 2, product: { image: { url: '/api/images/x' } } },
      { _id: 'a', name: 'Bag a — Large', price: 2500, discount: 500, quantity: 1 },
      { _id: 'b', name: 'Bag b', price: 1000, discount: 0, quantity: 0 },
      { name: 'no id', price: 1000, discount: 0, quantity: 1 },
    ]);
    expect([...sales]).toEqual([['a', { name: 'Bag a', imageUrl: '/api/images/x', quantity: 3, revenue: 5000 }]]);
  });
});
