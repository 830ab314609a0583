import { apiRequest } from '../../../lib/api-client';

/** POST /api/payment: the order's Checkout Session (the same one again while it is open). */
export async function paymentUrl(orderId: string): Promise<string> {
  const res = await apiRequest<{ success: boolean; url?: string; message?: string }>('payment', { method: 'POST', body: { orderId } });
  if (!res.url) throw new Error(res.message || 'Payment initiation failed');
  return res.url;
}
