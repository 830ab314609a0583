import { describe, expect, it } from 'vitest';
import { ORDER_PAGE_MAX, orderListQuerySchema } from './orders.js';

describe('orderListQuerySchema', () => {
  it('accepts an empty query and query strings', () => {
    expect(orderListQuerySchema.parse({})).toEqual({});
    expect(orderListQuerySchema.parse({ status: 'pending', limit: '20', cursor: 'abc_123' })).toEqual({
      status: 'pending',
      limit: 20,
      cursor: 'abc_123',
    });
  });

  it('refuses unknown statuses, bad limits and bad cursors', () => {
    for (const q of [
      { status: 'lost' },
      { status: ['pending', 'confirmed'] },
      { limit: '0' },
      { limit: String(ORDER_PAGE_MAX + 1) },
      { limit: '1.5' },
      { limit: 'ten' },
      { cursor: 'a/b' },
      { cursor: '__x__' },
    ]) {
      expect(orderListQuerySchema.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
  });
});
