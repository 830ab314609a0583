import { apiRequest } from '../../../lib/api-client';

const call = (path: string, method: 'PATCH' | 'DELETE') => apiRequest(path, { method });

export const cartApi = {
  increment: (productId: string) => call(`cart/increment/${encodeURIComponent(productId)}`, 'PATCH'),
  decrement: (productId: string) => call(`cart/decrement/${encodeURIComponent(productId)}`, 'PATCH'),
  remove: (productId: string) => call(`cart/${encodeURIComponent(productId)}`, 'DELETE'),
  clear: () => call('cart/deleteCart', 'DELETE'),
};
