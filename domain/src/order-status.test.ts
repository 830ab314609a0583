import { describe, it, expect } from 'vitest';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  paymentAllowsMove,
  collectsCashOnDelivery,
  orderPaymentLabel,
  refundsOnCancel,
  canAdminCancel,
  canShopperCancel,
  canTransition,
  isOrderStatus,
  isPaymentMethod,
  isPaymentStatus,
  nextStatuses,
  releasesStock,
  statusColor,
  statusLabel,
} from './order-status.js';

describe('order status', () => {
  it('lists statuses, payment statuses and methods', () => {
    expect(ORDER_STATUSES).toEqual([
      'pending',
      'confirmed',
      'shipped',
      'out_for_delivery',
      'delivery_failed',
      'completed',
      'returned_to_origin',
      'cancelled',
    ]);
    expect(PAYMENT_STATUSES).toEqual(['unpaid', 'paid', 'refund_pending', 'refunded', 'failed']);
    expect(Object.keys(PAYMENT_STATUS_LABELS)).toEqual([...PAYMENT_STATUSES]);
    expect(PAYMENT_METHODS).toEqual(['COD', 'ONLINE']);
    expect(isOrderStatus('shipped')).toBe(true);
    expect(isOrderStatus('lost')).toBe(false);
    expect(isPaymentStatus('paid')).toBe(true);
    expect(isPaymentMethod('cod')).toBe(false);
  });

  it('moves forward only along the flow', () => {
    expect(nextStatuses('pending')).toEqual(['confirmed', 'cancelled']);
    expect(nextStatuses('confirmed')).toEqual(['shipped', 'cancelled']);
    expect(nextStatuses('shipped')).toEqual(['out_for_delivery', 'delivery_failed', 'completed', 'returned_to_origin']);
    expect(nextStatuses('out_for_delivery')).toEqual(['completed', 'delivery_failed', 'returned_to_origin']);
    expect(nextStatuses('delivery_failed')).toEqual(['out_for_delivery', 'completed', 'returned_to_origin']);
    expect(nextStatuses('returned_to_origin')).toEqual([]);
    expect(nextStatuses('completed')).toEqual([]);
    expect(nextStatuses('cancelled')).toEqual([]);
    expect(canTransition('pending', 'confirmed')).toBe(true);
    expect(canTransition('confirmed', 'pending')).toBe(false);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
    expect(canTransition('pending', 'pending')).toBe(false);
  });

  it('lets shoppers cancel while pending, admins until shipped', () => {
    expect(ORDER_STATUSES.filter(canShopperCancel)).toEqual(['pending']);
    expect(ORDER_STATUSES.filter(canAdminCancel)).toEqual(['pending', 'confirmed']);
  });

  it('releases stock on an allowed move into cancelled only', () => {
    expect(releasesStock('pending', 'cancelled')).toBe(true);
    expect(releasesStock('confirmed', 'cancelled')).toBe(true);
    expect(releasesStock('cancelled', 'cancelled')).toBe(false);
    expect(releasesStock('shipped', 'cancelled')).toBe(false);
    expect(releasesStock('pending', 'confirmed')).toBe(false);
    expect(releasesStock('delivery_failed', 'returned_to_origin')).toBe(true);
    expect(releasesStock('out_for_delivery', 'completed')).toBe(false);
  });

  it('colours and labels badges', () => {
    expect(ORDER_STATUSES.map(statusColor)).toEqual(['yellow', 'blue', 'blue', 'blue', 'yellow', 'green', 'red', 'red']);
    expect(statusLabel('completed')).toBe('Delivered');
    expect(statusLabel('out_for_delivery')).toBe('Out for delivery');
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('completed')).toBe('Delivered');
  });

  it('an unpaid card order cannot be confirmed, shipped or completed; COD can', () => {
    expect(paymentAllowsMove('ONLINE', 'unpaid', 'confirmed')).toBe(false);
    expect(paymentAllowsMove('ONLINE', 'unpaid', 'shipped')).toBe(false);
    expect(paymentAllowsMove('ONLINE', 'failed', 'completed')).toBe(false);
    expect(paymentAllowsMove('ONLINE', 'refund_pending', 'shipped')).toBe(false);
    expect(paymentAllowsMove('ONLINE', 'unpaid', 'cancelled')).toBe(true);
    expect(paymentAllowsMove('ONLINE', 'paid', 'shipped')).toBe(true);
    expect(paymentAllowsMove('COD', 'unpaid', 'shipped')).toBe(true);
  });

  it('names an online order’s payment by its provider', () => {
    expect(orderPaymentLabel('ONLINE', 'razorpay')).toBe('Pay Online (UPI, Cards, Netbanking)');
    expect(orderPaymentLabel('ONLINE', 'stripe')).toBe('Pay Online (Card)');
    expect(orderPaymentLabel('ONLINE', null)).toBe('Pay Online (Card)');
    expect(orderPaymentLabel('COD', null)).toBe('Cash on Delivery');
  });

  it('delivering a cash-on-delivery order is its payment', () => {
    expect(collectsCashOnDelivery('COD', 'unpaid', 'completed')).toBe(true);
    expect(collectsCashOnDelivery('COD', 'unpaid', 'out_for_delivery')).toBe(false);
    expect(collectsCashOnDelivery('COD', 'paid', 'completed')).toBe(false);
    expect(collectsCashOnDelivery('ONLINE', 'unpaid', 'completed')).toBe(false);
  });

  it('only a paid card order is refunded when cancelled', () => {
    expect(refundsOnCancel('ONLINE', 'paid')).toBe(true);
    expect(refundsOnCancel('ONLINE', 'unpaid')).toBe(false);
    expect(refundsOnCancel('ONLINE', 'refunded')).toBe(false);
    expect(refundsOnCancel('COD', 'paid')).toBe(false);
  });
});
