import { describe, expect, it } from 'vitest';
import { orderFromData } from './order.js';

const at = '2026-11-20T10:00:00.000Z';
const image = { url: '/api/images/abc', hash: 'abc' };
const stored = {
  userId: 'u1',
  user: { _id: 'u1', fullname: { firstname: 'Asha', lastname: 'Rao' }, email: 'asha@example.com' },
  items: [
    {
      _id: 'p1',
      name: 'Cabin Trolley',
      price: 4999,
      discount: 1000,
      quantity: 2,
      hsn: '4202',
      gstRatePercent: 18,
      product: { _id: 'p1', image },
    },
  ],
  shippingAddress: { street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001', country: 'India', landmark: '' },
  subtotal: 9998,
  totalAmount: 7998,
  status: 'confirmed',
  paymentMethod: 'ONLINE',
  payment: {
    status: 'paid',
    sessionId: 'cs_1',
    paidAt: at,
    holdUntil: at,
    paymentIntentId: 'pi_1',
    refund: { id: 're_1', status: 'succeeded', amountPaise: 799800, requestedAt: at, refundedAt: at },
    extraPayments: [{ sessionId: 'cs_2', paymentIntentId: null, amountPaise: 100, reason: 'duplicate', receivedAt: at, refund: null }],
  },
  statusHistory: [
    { status: 'pending', at, by: 'u1' },
    { status: 'confirmed', at, by: 'stripe' },
  ],
  attention: [{ code: 'refund_failed', message: 'Look at it', at }],
  source: 'cart',
  delivery: { pin: '560001', zone: 'metro', days: { min: 2, max: 3 }, deliverBy: { from: '2026-11-22', to: '2026-11-23' } },
  createdAt: at,
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('orderFromData', () => {
  it('reads a stored order as the API answers it (no `source`, no tax fields on lines)', () => {
    const order = orderFromData('o1', stored);
    expect(order).toMatchObject({
      _id: 'o1',
      userId: 'u1',
      user: stored.user,
      items: [{ _id: 'p1', name: 'Cabin Trolley', price: 4999, discount: 1000, quantity: 2, product: { _id: 'p1', image } }],
      shippingAddress: stored.shippingAddress,
      subtotal: 9998,
      totalAmount: 7998,
      status: 'confirmed',
      paymentMethod: 'ONLINE',
      payment: {
        status: 'paid',
        sessionId: 'cs_1',
        paidAt: at,
        holdUntil: at,
        refund: { id: 're_1', status: 'succeeded', amountPaise: 799800, requestedAt: at, refundedAt: at },
        extraPayments: [{ sessionId: 'cs_2', paymentIntentId: null, amountPaise: 100, reason: 'duplicate', receivedAt: at, refund: null }],
      },
      statusHistory: stored.statusHistory,
      attention: stored.attention,
      delivery: stored.delivery,
      invoice: null,
      creditNote: null,
      createdAt: at,
      updatedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(order).not.toHaveProperty('source');
    expect(order.items[0]).not.toHaveProperty('hsn');
    expect(order.payment).not.toHaveProperty('paymentIntentId');
  });

  it('answers payment.refundedPaise, the paise refunded for returns and partial refunds (issue 37); 0 when none', () => {
    const order = orderFromData('o1', { ...stored, payment: { ...stored.payment, refundedPaise: 139900 } });
    expect(order.payment.refundedPaise).toBe(139900);
    expect(orderFromData('o1', stored).payment.refundedPaise).toBe(0);
  });

  it('gives an older document the defaults a shopper would expect', () => {
    const order = orderFromData('o2', {
      userId: 'u1',
      items: [{ name: 'Duffle', price: 100, quantity: 1, product: { _id: 'p9', image: '/api/images/def' } }],
      createdAt: at,
    });
    expect(order).toMatchObject({
      user: { _id: 'u1', fullname: { firstname: '', lastname: '' }, email: '' },
      items: [{ _id: 'p9', discount: 0, product: { _id: 'p9', image: { url: '/api/images/def', hash: 'def' } } }],
      shippingAddress: { street: '', city: '', state: '', postalCode: '', country: '', landmark: '' },
      status: 'pending',
      paymentMethod: 'COD',
      payment: { status: 'unpaid', sessionId: null, paidAt: null, holdUntil: null, refund: null, extraPayments: [] },
      statusHistory: [],
      attention: [],
      delivery: null,
      invoice: null,
      creditNote: null,
      updatedAt: at,
    });
    expect(
      orderFromData('o3', { ...stored, payment: { ...stored.payment, refund: { amountPaise: 5, requestedAt: at } } }).payment.refund,
    ).toEqual({
      id: null,
      status: 'pending',
      amountPaise: 5,
      requestedAt: at,
      refundedAt: null,
    });
  });

  it('rejects bad shapes, naming the field', () => {
    expect(() => orderFromData('o', 'order')).toThrow('orders/o: expected an object');
    expect(() => orderFromData('o', { ...stored, status: 'lost' })).toThrow(
      'orders/o.status: expected one of pending, confirmed, shipped, out_for_delivery, delivery_failed, completed, returned_to_origin, cancelled',
    );
    expect(() => orderFromData('o', { ...stored, paymentMethod: 'UPI' })).toThrow('orders/o.paymentMethod');
    expect(() => orderFromData('o', { ...stored, items: { 0: stored.items[0] } })).toThrow('orders/o.items: expected a list');
    expect(() => orderFromData('o', { ...stored, items: [{ ...stored.items[0], price: '4999' }] })).toThrow(
      'orders/o.items[0].price: expected a number',
    );
    expect(() => orderFromData('o', { ...stored, statusHistory: [{ status: 'lost', at }] })).toThrow('orders/o.statusHistory[0].status');
    expect(() => orderFromData('o', { ...stored, payment: { ...stored.payment, status: 'maybe' } })).toThrow('orders/o.payment.status');
    expect(() => orderFromData('o', { ...stored, createdAt: 1732096800 })).toThrow('orders/o.createdAt: expected an ISO date');
  });
});
