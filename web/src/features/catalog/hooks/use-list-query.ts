import { listQueryParams, LIST_QUERY_PARAMS, readListQuery, type ProductListQuery } from '@bagshop/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Filters and sort of a list page, kept in the URL query (docs/search-and-seo.md): every
 * change is a new history entry, so a filtered list can be shared and Back undoes a change.
 * Other parameters (the search page's `q`) are kept.
 */
export function useListQuery(): { query: ProductListQuery; update: (patch: Partial<ProductListQuery>) => void; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(params), [params]);
  const update = useCallback(
    (patch: Partial<ProductListQuery>) => {
      const next = { ...query, ...patch };
      const out = new URLSearchParams();
      for (const [key, value] of params) if (!(LIST_QUERY_PARAMS as readonly string[]).includes(key)) out.append(key, value);
      for (const [key, value] of listQueryParams(next)) out.set(key, value);
      if (out.toString() !== params.toString()) setParams(out);
    },
    [params, query, setParams],
  );
  const clear = useCallback(
    () => update({ minPrice: undefined, maxPrice: undefined, minDiscountPercent: undefined, inStock: false }),
    [update],
  );
  return { query, update, clear };
}
