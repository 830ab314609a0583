import type { OrderStatus, PaymentStatus } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

export interface PaymentSessionState {
  orderId: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

export function paymentSession(sessionId: string): Promise<PaymentSessionState> {
  return apiData<PaymentSessionState>(`payment/session/${encodeURIComponent(sessionId)}`);
}
