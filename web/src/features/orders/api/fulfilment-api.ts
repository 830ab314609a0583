import type { Order } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

/** POST /api/order/{id}/confirm-cod: signed in, or with the mail link's token. */
export const confirmCodOrder = (orderId: string, token?: string) =>
  apiData<Order>(`order/${encodeURIComponent(orderId)}/confirm-cod`, { method: 'POST', body: token ? { token } : {} });

/** POST /api/order/{id}/pay-online: "Pay online instead". */
export const payOnlineInstead = (orderId: string) =>
  apiData<Order>(`order/${encodeURIComponent(orderId)}/pay-online`, { method: 'POST', body: {} });

/** POST /api/order/{id}/ndr: another delivery attempt on `date`. */
export const requestReattempt = (orderId: string, body: { date: string; note?: string; phone?: string }) =>
  apiData<Order>(`order/${encodeURIComponent(orderId)}/ndr`, { method: 'POST', body: { action: 'reattempt', ...body } });
