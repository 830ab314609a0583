import { describe, expect, it } from 'vitest';
import { bestSellers, orderFacts, revenueFigures, type OrderFacts } from './dashboard-figures.js';

const line = (productId: string, quantity: number, price = 1000, discount = 0) => ({
  productId,
  name: `Bag ${productId}`,
  price,
  discount,
  quantity,
  imageUrl: '',
});
const order = (iso: string, status: OrderFacts['status'], items: OrderFacts['items']): OrderFacts => ({
  createdAt: new Date(iso),
  status,
  totalAmount: items.reduce((s, i) => s + (i.price - i.discount) * i.quantity, 0),
  items,
});

describe('dashboard figures', () => {
  const now = new Date('2026-11-21T12:00:00Z'); // 17:30 IST on 21 Nov

  it('adds revenue by IST day over 7 days and leaves cancelled orders out', () => {
    const figures = revenueFigures(
      [
        order('2026-11-21T05:00:00Z', 'pending', [line('a', 2)]), // today: 2000
        order('2026-11-20T19:00:00Z', 'confirmed', [line('b', 1, 500)]), // 00:30 IST on 21 Nov: today
        order('2026-11-20T18:00:00Z', 'completed', [line('c', 1, 700)]), // 23:30 IST on 20 Nov
        order('2026-11-21T06:00:00Z', 'cancelled', [line('d', 9)]),
        order('2026-11-15T00:00:00Z', 'shipped', [line('e', 1, 300)]), // 15 Nov: the oldest day
        order('2026-11-14T12:00:00Z', 'completed', [line('f', 1, 999)]), // 14 Nov: outside
      ],
      now,
    );
    expect(figures.today).toBe(2500);
    expect(figures.ordersToday).toBe(2);
    expect(figures.last7Days).toBe(3500);
    expect(figures.ordersLast7Days).toBe(4);
    expect(figures.byDay.map((d) => d.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(figures.byDay[5]).toEqual({ date: '2026-11-20', revenue: 700, orders: 1 });
  });

  it('ranks best sellers by units, skipping cancelled and old orders', () => {
    const since = new Date('2026-10-22T12:00:00Z');
    const top = bestSellers(
      [
        order('2026-11-20T05:00:00Z', 'pending', [line('a', 2), line('b', 3, 1000, 100)]),
        order('2026-11-19T05:00:00Z', 'completed', [line('a', 2)]),
        order('2026-11-19T05:00:00Z', 'cancelled', [line('c', 50)]),
        order('2026-10-01T05:00:00Z', 'completed', [line('d', 40)]),
      ],
      since,
      5,
    );
    expect(top.map((t) => [t._id, t.quantity, t.revenue])).toEqual([
      ['a', 4, 4000],
      ['b', 3, 2700],
    ]);
  });

  it('reads order documents defensively: a malformed order is left out', () => {
    expect(orderFacts('a', { status: 'pending' })).toBeNull();
    expect(orderFacts('b', { status: 'weird', createdAt: '2026-11-01T00:00:00.000Z' })).toBeNull();
    expect(orderFacts('c', { status: 'pending', createdAt: '2026-11-01T00:00:00.000Z', items: [null] })).toBeNull();
    const facts = orderFacts('d', {
      status: 'pending',
      totalAmount: 10,
      createdAt: '2026-11-01T00:00:00.000Z',
      items: [
        { _id: 'x', name: 'X', price: 10, discount: 0, quantity: 1, product: { _id: 'x', image: { url: '/api/images/1' } } },
        { _id: 'y', quantity: 0 },
      ],
    });
    expect(facts).toEqual({
      createdAt: new Date('2026-11-01T00:00:00.000Z'),
      status: 'pending',
      totalAmount: 10,
      items: [{ productId: 'x', name: 'X', price: 10, discount: 0, quantity: 1, imageUrl: '/api/images/1' }],
    });
  });
});
