import type { Order } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

export function cancelOrder(orderId: string): Promise<Order> {
  return apiData<Order>(`order/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: {} });
}
