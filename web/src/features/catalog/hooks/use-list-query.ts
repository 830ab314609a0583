import { listQueryParams, LIST_QUERY_PARAMS, readListQuery, type ProductListQuery } from '@bagshop/domain';
import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext, useLocation, useSearchParams } from 'react-router-dom';

const isListParam = (key: string): boolean => (LIST_QUERY_PARAMS as readonly string[]).includes(key);

/** The URL (path and query) of the list with `next` as its filters; other parameters (the search page's `q`) are kept. */
function listHref(pathname: string, params: URLSearchParams, next: ProductListQuery): string {
  const out = new URLSearchParams();
  for (const [key, value] of params) if (!isListParam(key)) out.append(key, value);
  for (const [key, value] of listQueryParams(next)) out.set(key, value);
  const search = out.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * Filters and sort of a list page, kept in the URL query (docs/search-and-seo.md): every
 * change is a new history entry, so a filtered list can be shared and Back undoes a change.
 * Other parameters (the search page's `q`) are kept: `kept` lists them for the filters' GET form.
 */
export function useListQuery(): {
  query: ProductListQuery;
  update: (patch: Partial<ProductListQuery>) => void;
  clear: () => void;
  /** The list without its filters (the sort stays): a link that works before the app runs. */
  clearHref: string;
  /** Query parameters that are not filters (the form carries them as hidden fields). */
  kept: [string, string][];
  /** The list's URL with `patch` applied: links that work before the app runs (the origin filter). */
  hrefWith: (patch: Partial<ProductListQuery>) => string;
} {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const query = useMemo(() => readListQuery(params), [params]);
  // A change made while the list's previous change is still loading (its loader running) builds
  // on that pending URL, not on the one shown: a second tap then undoes or adds to the first
  // instead of being lost when the first arrives (issue 36, "filter applied"). Outside a data
  // router (component tests) there is no pending navigation.
  const pending = useContext(DataRouterStateContext)?.navigation.location;
  const pendingSearch = pending && pending.pathname === pathname ? pending.search : null;
  const update = useCallback(
    (patch: Partial<ProductListQuery>) => {
      const base = pendingSearch === null ? params : new URLSearchParams(pendingSearch);
      const next = new URL(listHref('/', base, { ...readListQuery(base), ...patch }), 'http://x').searchParams;
      if (next.toString() !== base.toString()) setParams(next);
    },
    [params, pendingSearch, setParams],
  );
  const cleared = { minPrice: undefined, maxPrice: undefined, minDiscountPercent: undefined, inStock: false, origin: undefined };
  const clear = useCallback(() => update(cleared), [update]); // eslint-disable-line react-hooks/exhaustive-deps
  const clearHref = listHref(pathname, params, { ...query, ...cleared });
  const kept = useMemo(() => [...params].filter(([key]) => !isListParam(key)), [params]);
  const hrefWith = useCallback(
    (patch: Partial<ProductListQuery>) => listHref(pathname, params, { ...query, ...patch }),
    [pathname, params, query],
  );
  return { query, update, clear, clearHref, kept, hrefWith };
}
