import { cartLineFromData, orderFromData } from '@bagshop/domain';
import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { plainData } from './firestore';

describe('plainData (the SPA edge of the codecs)', () => {
  it('turns client SDK Timestamps into ISO strings the codecs read', () => {
    const at = Timestamp.fromDate(new Date('2026-11-21T10:00:00.000Z'));
    // A line from before variants: its id is the product's, and so its one variant's.
    expect(cartLineFromData('p1', plainData({ quantity: 2, addedAt: at, updatedAt: at }))).toEqual({
      lineId: 'p1',
      productId: 'p1',
      variantId: 'p1',
      quantity: 2,
      addedAt: '2026-11-21T10:00:00.000Z',
    });
    const order = orderFromData(
      'o1',
      plainData({
        userId: 'u1',
        status: 'pending',
        paymentMethod: 'COD',
        payment: { status: 'unpaid', paidAt: null, holdUntil: at },
        statusHistory: [{ status: 'pending', at, by: 'u1' }],
        createdAt: at,
        updatedAt: at,
      }),
    );
    expect(order.createdAt).toBe('2026-11-21T10:00:00.000Z');
    expect(order.payment.holdUntil).toBe('2026-11-21T10:00:00.000Z');
    expect(order.statusHistory[0]?.at).toBe('2026-11-21T10:00:00.000Z');
  });
});
