import type { Order } from '@bagshop/domain';
import { apiData } from './api-client';

/** POST /api/order/{id}/cancel: used by the order pages and the payment-cancel page. */
export function cancelOrder(orderId: string): Promise<Order> {
  return apiData<Order>(`order/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: {} });
}
