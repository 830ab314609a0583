import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from './common.js';
import { createOrderSchema, createPaymentSchema, orderStatusUpdateSchema } from './orders.js';

function errorsOf(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(body)}`);
  return Object.fromEntries(fieldErrors(result.error).map((e) => [e.field, e.message]));
}

describe('createOrderSchema', () => {
  it('accepts a cart order and drops client prices and ids', () => {
    expect(createOrderSchema.parse({ paymentMethod: 'COD', addressId: 'addr_1', totalAmount: 1, userId: 'x', items: [] })).toEqual({
      paymentMethod: 'COD',
      addressId: 'addr_1',
    });
    // The speed is chosen by the shopper; its fee is never read from the body (the server computes it).
    expect(createOrderSchema.parse({ paymentMethod: 'COD', addressId: 'a1', deliverySpeed: 'express', shippingFee: 0 })).toEqual({
      paymentMethod: 'COD',
      addressId: 'a1',
      deliverySpeed: 'express',
    });
    expect(createOrderSchema.safeParse({ paymentMethod: 'COD', addressId: 'a1', deliverySpeed: 'rocket' }).error?.issues[0]?.message).toBe(
      'Delivery speed must be standard or express',
    );
  });

  it('accepts a Buy Now order; null means not sent', () => {
    expect(createOrderSchema.parse({ paymentMethod: 'ONLINE', addressId: 'a1', productId: 'p1', quantity: '2' })).toEqual({
      paymentMethod: 'ONLINE',
      addressId: 'a1',
      productId: 'p1',
      quantity: 2,
    });
    expect(createOrderSchema.parse({ paymentMethod: 'COD', addressId: 'a1', productId: null, quantity: null })).toEqual({
      paymentMethod: 'COD',
      addressId: 'a1',
    });
  });

  it('explains bad fields', () => {
    expect(errorsOf(createOrderSchema, {})).toEqual({
      paymentMethod: 'Payment method must be COD or ONLINE',
      addressId: 'Invalid id',
    });
    expect(errorsOf(createOrderSchema, { paymentMethod: 'cod', addressId: 'a/b', productId: 'x'.repeat(100000), quantity: 0 })).toEqual({
      paymentMethod: 'Payment method must be COD or ONLINE',
      addressId: 'Invalid id',
      productId: 'Invalid id',
      quantity: 'Quantity must be a whole number between 1 and 10,000',
    });
    expect(errorsOf(createOrderSchema, { paymentMethod: 1, addressId: 2, productId: [] })).toEqual({
      paymentMethod: 'Payment method must be COD or ONLINE',
      addressId: 'Invalid id',
      productId: 'Invalid id',
    });
  });

  it('allows a quantity only with a productId', () => {
    expect(errorsOf(createOrderSchema, { paymentMethod: 'COD', addressId: 'a1', quantity: 2 })).toEqual({
      quantity: 'Quantity is only allowed with productId',
    });
  });
});

describe('orderStatusUpdateSchema', () => {
  it('takes one of the order statuses', () => {
    expect(orderStatusUpdateSchema.parse({ status: 'shipped', paymentStatus: 'paid' })).toEqual({ status: 'shipped' });
    for (const status of ['lost', 'Shipped', '', null, 3, 'x'.repeat(100000)]) {
      expect(errorsOf(orderStatusUpdateSchema, { status })).toEqual({
        status:
          'Status must be one of pending, confirmed, shipped, out_for_delivery, delivery_failed, completed, returned_to_origin, cancelled',
      });
    }
  });
});

describe('createPaymentSchema', () => {
  it('keeps only the order id; client items are dropped', () => {
    expect(createPaymentSchema.parse({ orderId: 'o1', items: [{ name: 'Bag', price: 1, quantity: 1 }], amount: 1 })).toEqual({
      orderId: 'o1',
    });
    expect(errorsOf(createPaymentSchema, {})).toEqual({ orderId: 'Invalid id' });
    expect(errorsOf(createPaymentSchema, { orderId: 'x'.repeat(100000) })).toEqual({ orderId: 'Invalid id' });
    expect(errorsOf(createPaymentSchema, { orderId: 7 })).toEqual({ orderId: 'Invalid id' });
  });
});
