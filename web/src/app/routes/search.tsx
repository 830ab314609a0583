import { applyListQuery, DEFAULT_LIST_QUERY, parseSearchText, readListQuery, titleWithOrigin, type Product } from '@bagshop/domain';
import {
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import { searchProducts } from '../../features/catalog/api/search-api';
import SearchPage from '../../features/catalog/components/search-page';
import { errorMessage } from '../../lib/api-client';
import { pageServices } from '../page-data';

interface SearchData {
  q: string;
  products: Product[] | null;
  failed?: string;
}

const FAILED = 'Search is not available right now';

/** `q` as the page reads it: the first one, trimmed; empty when it is not a usable search. */
function searchText(request: Request): string {
  const parsed = parseSearchText(new URL(request.url).searchParams.get('q') ?? '');
  return parsed.ok ? parsed.q : '';
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<SearchData> {
  const q = searchText(request);
  if (!q) return { q, products: null };
  try {
    return { q, products: applyListQuery(await pageServices(context, request).search(q), DEFAULT_LIST_QUERY, { soldOutLast: false }) };
  } catch (error) {
    console.error('search page data', error);
    return { q, products: null, failed: FAILED };
  }
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<SearchData> {
  const q = searchText(request);
  if (!q) return { q, products: null };
  try {
    return { q, products: await searchProducts(q) };
  } catch (error) {
    return { q, products: null, failed: errorMessage(error, FAILED) };
  }
}

/** A new text asks again; filters and sort only change the URL (the page applies them). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.searchParams.get('q') !== nextUrl.searchParams.get('q') ? defaultShouldRevalidate : false;

export const meta: MetaFunction = ({ data, location }) => {
  const found = data as SearchData | undefined;
  const q = found?.q;
  const origin = readListQuery(new URLSearchParams(location.search)).origin;
  const title = titleWithOrigin(q ? `‘${q}’ · Search · Bagshop` : 'Search · Bagshop', origin, found?.products ?? []);
  return [{ title }, { name: 'robots', content: 'noindex' }];
};

export default function Search() {
  const { q, products, failed } = useLoaderData<SearchData>();
  return <SearchPage q={q} products={products} failed={failed} />;
}
