import type { Category, Product } from '@bagshop/domain';
import { startTransition, useEffect, useState } from 'react';
import { ApiError, apiData } from '../../../lib/api-client';
import { sameJson } from '../../../lib/same-json';

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

/**
 * Loading, then a list; a failed fetch gives an empty list, logged only (docs/spec.md §4, §8).
 * (The home page's sections; the category pages have their route's loader.)
 */
export function useProducts(category?: Category): ProductsState {
  const [state, setState] = useState<ProductsState & { of: Category | undefined }>(() => ({
    products: [],
    loading: true,
    failed: false,
    of: category,
  }));
  useEffect(() => {
    let live = true;
    // The list already shown is this category's (preloaded): keep it while it refreshes.
    setState((s) => (s.of === category && !s.loading && !s.failed ? s : { ...s, loading: true }));
    getProducts(category)
      // A transition: React draws the list (the home carousel, a category grid) in slices that
      // yield to the browser, not in one long task.
      .then(
        (products) =>
          live &&
          startTransition(() => {
            const list = Array.isArray(products) ? products : [];
            setState((s) =>
              s.of === category && !s.loading && !s.failed && sameJson(s.products, list)
                ? s
                : { products: list, loading: false, failed: false, of: category },
            );
          }),
      )
      .catch((error: unknown) => {
        console.error('Failed to fetch products', error);
        if (live) setState({ products: [], loading: false, failed: true, of: category });
      });
    return () => {
      live = false;
    };
  }, [category]);
  return { products: state.products, loading: state.loading, failed: state.failed };
}
