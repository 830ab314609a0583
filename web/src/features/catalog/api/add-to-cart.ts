import { apiData } from '../../../lib/api-client';

/** POST /api/cart/:productId — the server checks stock and answers 409 when there is too little. */
export function addToCart(productId: string, quantity = 1, variantId?: string): Promise<unknown> {
  return apiData<unknown>(`cart/${encodeURIComponent(productId)}`, {
    method: 'POST',
    body: variantId ? { quantity, variantId } : { quantity },
  });
}
