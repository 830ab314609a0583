import type { Address, AddressInput, DeliverySpeed, Order, PaymentMethod } from '@bagshop/domain';
import { apiData, apiRequest } from '../../../lib/api-client';

export const checkoutApi = {
  addresses: () => apiData<Address[]>('users/address'),
  addAddress: (address: AddressInput) => apiData<Address>('users/address', { method: 'POST', body: { ...address } }),
  /** With the checkout attempt's Idempotency-Key: a retry after a timeout answers the same order. */
  placeOrder: (
    body: {
      paymentMethod: PaymentMethod;
      addressId: string;
      deliverySpeed?: DeliverySpeed;
      productId?: string;
      variantId?: string;
      quantity?: number;
    },
    idempotencyKey: string,
  ) => apiData<Order>('order', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** Top-level `{ success, url }` (docs/decisions/0009-api-contract.md). */
  startPayment: (orderId: string) =>
    apiRequest<{ success: boolean; url?: string; message?: string }>('payment', { method: 'POST', body: { orderId } }),
  cancelOrder: (orderId: string) => apiData<Order>(`order/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: {} }),
};
