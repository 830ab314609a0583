import { describe, expect, it } from 'vitest';
import { countOpenOrders, lineLimitMessage, openOrdersMessage } from './limits.js';

describe('limits per shopper', () => {
  it('names the line limit', () => {
    expect(lineLimitMessage(10, 'cart')).toBe('You can have at most 10 units of one product in your cart');
    expect(lineLimitMessage(10, 'order', 'Trail Pack')).toBe("You can have at most 10 units of one product in one order ('Trail Pack')");
    expect(lineLimitMessage(1, 'order')).toContain('at most 1 unit of');
  });

  it('counts unpaid card orders and pending COD orders only', () => {
    expect(
      countOpenOrders([
        { status: 'pending', paymentMethod: 'ONLINE', paymentStatus: 'unpaid' },
        { status: 'pending', paymentMethod: 'ONLINE', paymentStatus: 'paid' },
        { status: 'confirmed', paymentMethod: 'ONLINE', paymentStatus: 'paid' },
        { status: 'cancelled', paymentMethod: 'ONLINE', paymentStatus: 'failed' },
        { status: 'pending', paymentMethod: 'COD', paymentStatus: 'unpaid' },
        { status: 'pending', paymentMethod: 'COD', paymentStatus: 'unpaid' },
        { status: 'confirmed', paymentMethod: 'COD', paymentStatus: 'unpaid' },
      ]),
    ).toEqual({ online: 1, cod: 2 });
  });

  it('says what to do when the open-order limit is reached', () => {
    expect(openOrdersMessage('ONLINE', 3)).toMatch(/3 card orders waiting for payment\. Pay for or cancel one in My Orders/);
    expect(openOrdersMessage('COD', 5)).toMatch(/5 cash-on-delivery orders waiting to be confirmed\. Cancel one in My Orders/);
  });
});
