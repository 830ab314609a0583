import type { Product } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

/** GET /api/products/search?q=: the catalog's matches, best first (at most 50). */
export function searchProducts(q: string, signal?: AbortSignal): Promise<Product[]> {
  return apiData<Product[]>('products/search', { query: { q }, signal });
}

/** The search page's address for a text. */
export const searchPath = (q: string) => `/search?${new URLSearchParams({ q: q.trim() }).toString()}`;
