import type { Category, Product } from '@bagshop/domain';
import { useEffect, useState } from 'react';
import { ApiError, apiData } from '../../../lib/api-client';

export function getProducts(category?: Category): Promise<Product[]> {
  return apiData<Product[]>(category ? `products/category/${category}` : 'products/');
}

/**
 * One product, or null when there is no such product. GET /api/products/:id is the
 * contract (docs/decisions/0009-api-contract.md); until every deployment serves it, a 404 falls back to the list.
 */
export async function getProduct(id: string): Promise<Product | null> {
  try {
    return await apiData<Product>(`products/${encodeURIComponent(id)}`);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  const all = await getProducts();
  return all.find((p) => p._id === id) ?? null;
}

export interface ProductsState {
  products: Product[];
  loading: boolean;
  failed: boolean;
}

/** Loading, then a list; a failed fetch gives an empty list, logged only (docs/spec.md §4, §8). */
export function useProducts(category?: Category): ProductsState {
  const [state, setState] = useState<ProductsState>({ products: [], loading: true, failed: false });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    getProducts(category)
      .then((products) => live && setState({ products: Array.isArray(products) ? products : [], loading: false, failed: false }))
      .catch((error: unknown) => {
        console.error('Failed to fetch products', error);
        if (live) setState({ products: [], loading: false, failed: true });
      });
    return () => {
      live = false;
    };
  }, [category]);
  return state;
}

export type ProductState =
  | { status: 'loading' }
  | { status: 'found'; product: Product }
  | { status: 'missing' }
  | { status: 'failed'; message: string };

export function useProduct(id: string): ProductState {
  const [state, setState] = useState<ProductState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    getProduct(id)
      .then((product) => live && setState(product ? { status: 'found', product } : { status: 'missing' }))
      .catch((error: unknown) => {
        console.error('Failed to fetch product', error);
        if (live) setState({ status: 'failed', message: error instanceof Error ? error.message : 'Failed to fetch products' });
      });
    return () => {
      live = false;
    };
  }, [id]);
  return state;
}
