import type { Product, ReturnJson } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

export interface OrderReturns {
  window: { days: number; deliveredAt: string | null; endsAt: string | null; daysLeft: number };
  lines: {
    lineId: string;
    name: string;
    variantLabel: string;
    quantity: number;
    returnedUnits: number;
    returnable: boolean;
    nonReturnableReason: string;
    canReturn: boolean;
  }[];
  returns: ReturnJson[];
}

/** GET /api/order/{id}/returns: the window, what each line may still return, and the returns (docs/returns.md). */
export const getOrderReturns = (orderId: string) => apiData<OrderReturns>(`order/${encodeURIComponent(orderId)}/returns`);

/** POST /api/order/{id}/returns as multipart (photos in `photos`). */
export const requestReturn = (orderId: string, form: FormData) =>
  apiData<{ return: ReturnJson }>(`order/${encodeURIComponent(orderId)}/returns`, { method: 'POST', body: form });

export const getProductForExchange = (productId: string) => apiData<Product>(`products/${encodeURIComponent(productId)}`);
