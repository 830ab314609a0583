import { categoryApiPath, productApiPath, type Category, type Product } from '@bagshop/domain';
import { startTransition, useEffect, useState } from 'react';
import { ApiError, apiData } from '../../../lib/api-client';
import { usePreloaded } from '../../../lib/preloaded';
import { sameJson } from '../../../lib/same-json';

export function getProducts(category?: Category): Promise<Product[]> {
  return apiData<Product[]>(category ? categoryApiPath(category) : 'products/');
}

/**
 * One product, or null when there is no such product. GET /api/products/:id is the
 * contract (docs/decisions/0009-api-contract.md); until every deployment serves it, a 404 falls back to the list.
 */
export async function getProduct(id: string): Promise<Product | null> {
  try {
    return await apiData<Product>(productApiPath(id));
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
 * A server-rendered category page carries the list it was drawn from
 * (docs/decisions/0020-prerendered-public-pages.md): start from it, so the hydrating render
 * matches the HTML, and refresh it without showing the loader.
 */
export function useProducts(category?: Category): ProductsState {
  const preloaded = usePreloaded<Product[]>(category ? categoryApiPath(category) : 'products/');
  const [state, setState] = useState<ProductsState & { of: Category | undefined }>(() =>
    Array.isArray(preloaded)
      ? { products: preloaded, loading: false, failed: false, of: category }
      : { products: [], loading: true, failed: false, of: category },
  );
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

export type ProductState =
  { status: 'loading' } | { status: 'found'; product: Product } | { status: 'missing' } | { status: 'failed'; message: string };

export function useProduct(id: string): ProductState {
  // A server-rendered product page carries the product it was drawn from: start from it, so the
  // hydrating render matches the HTML, then refresh as usual.
  const preloaded = usePreloaded<Product>(productApiPath(id));
  const [state, setState] = useState<ProductState>(() =>
    preloaded?._id === id ? { status: 'found', product: preloaded } : { status: 'loading' },
  );
  useEffect(() => {
    let live = true;
    setState((s) => (s.status === 'found' && s.product._id === id ? s : { status: 'loading' }));
    getProduct(id)
      .then(
        (product) =>
          live &&
          startTransition(() =>
            setState((s) =>
              product && s.status === 'found' && sameJson(s.product, product)
                ? s
                : product
                  ? { status: 'found', product }
                  : { status: 'missing' },
            ),
          ),
      )
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
