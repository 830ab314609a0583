import { describe, it, expect, expectTypeOf } from 'vitest';
import type { ApiResponse, CartLine, Order, Product, User } from './types.js';
import { orderTotals } from './money.js';

const product: Product = {
  _id: 'p1',
  name: 'Voyager Cabin Case',
  description: 'Hard shell.',
  price: 4999,
  discount: 1500,
  category: 'luggage',
  stock: 12,
  countryOfOrigin: 'India',
  image: { url: '/api/images/abc', hash: 'abc' },
  images: [{ url: '/api/images/abc', hash: 'abc' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('API types', () => {
  it('describe a cart line and an order built from it', () => {
    const line: CartLine = { product, quantity: 2 };
    const totals = orderTotals([{ ...line.product, quantity: line.quantity }]);
    const order: Order = {
      _id: 'o1',
      userId: 'u1',
      user: { _id: 'u1', fullname: { firstname: 'Asha', lastname: 'Rao' }, email: 'asha@example.in' },
      items: [{ _id: 'p1', name: product.name, price: 4999, discount: 1500, quantity: 2, product: { _id: 'p1', image: product.image } }],
      shippingAddress: {
        street: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560001',
        country: 'India',
        landmark: '',
      },
      subtotal: totals.subtotal,
      totalAmount: totals.totalAmount,
      status: 'pending',
      paymentMethod: 'COD',
      payment: { status: 'unpaid', sessionId: null, paidAt: null },
      statusHistory: [{ status: 'pending', at: '2026-01-01T00:00:00.000Z', by: 'u1' }],
      delivery: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(order.totalAmount).toBe(6998);
    expectTypeOf(order.status).toEqualTypeOf<
      'pending' | 'confirmed' | 'shipped' | 'out_for_delivery' | 'delivery_failed' | 'completed' | 'returned_to_origin' | 'cancelled'
    >();
    expectTypeOf<User['role']>().toEqualTypeOf<'admin' | 'customer'>();
  });

  it('describe success and failure bodies', () => {
    const body = { success: false, message: 'Required', errors: [{ field: 'street', message: 'Required' }] } as ApiResponse<Product>;
    if (body.success) throw new Error('expected failure');
    expect(body.errors?.[0]?.field).toBe('street');
  });
});
