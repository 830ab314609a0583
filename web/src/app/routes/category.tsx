import {
  applyListQuery,
  DEFAULT_LIST_QUERY,
  basePath,
  isCategory,
  readListQuery,
  titleWithOrigin,
  type Category,
  type Product,
} from '@bagshop/domain';
import {
  data,
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import { getProducts } from '../../features/catalog/api/get-products';
import CategoryPage from '../../features/catalog/components/category-page';
import { pageServices } from '../page-data';
import { staticTags } from './seo';

interface CategoryData {
  category: Category;
  products: Product[];
}

function categoryOf(request: Request): Category {
  const category = basePath(new URL(request.url).pathname).split('/')[1];
  if (!isCategory(category)) throw data('Not found', { status: 404 });
  return category;
}

/** The category's products in the API's featured order; the page applies the URL's filters and sort itself. */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<CategoryData> {
  const category = categoryOf(request);
  return { category, products: applyListQuery(await pageServices(context, request).category(category), DEFAULT_LIST_QUERY) };
}

/** In the browser, moving between pages: the public, cached API. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<CategoryData> {
  const category = categoryOf(request);
  return { category, products: await getProducts(category) };
}

/** Filters and sort change only the URL's query: the list stays (the page filters it). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || (formMethod !== undefined && formMethod !== 'GET') ? defaultShouldRevalidate : false;

/** The origin filter (docs/legal-metrology.md) shows in the title: 'Luggage Bags · Made in China · Bagshop'. */
export const meta: MetaFunction = ({ matches, location, data: loaded }) => {
  const tags = staticTags(location.pathname.replace(/\/+$/, ''), matches);
  const origin = readListQuery(new URLSearchParams(location.search)).origin;
  if (!origin?.length) return tags;
  const products = (loaded as CategoryData | undefined)?.products ?? [];
  return tags.map((tag) => ('title' in tag ? { title: titleWithOrigin(tag.title, origin, products) } : tag));
};

export default function Category() {
  const { category, products } = useLoaderData<CategoryData>();
  return <CategoryPage key={category} category={category} products={products} />;
}
