import type { Category, Product } from '@bagshop/domain';
import { useEffect, useState } from 'react';
import { apiData } from '../../../lib/api-client';

export function getProducts(category?: Category): Promise<Product[]> {
  return apiData<Product[]>(category ? `products/category/${category}` : 'products/');
}

export interface ProductsState {
  products: Product[];
  loading: boolean;
}

/** Loading, then a list; a failed fetch gives an empty list, logged only (spec §4, §8). */
export function useProducts(category?: Category): ProductsState {
  const [state, setState] = useState<ProductsState>({ products: [], loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    getProducts(category)
      .then((products) => live && setState({ products: Array.isArray(products) ? products : [], loading: false }))
      .catch((error: unknown) => {
        console.error('Failed to fetch products', error);
        if (live) setState({ products: [], loading: false });
      });
    return () => {
      live = false;
    };
  }, [category]);
  return state;
}
