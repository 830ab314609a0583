import { productMeta, metaTags, type Product, type PublicReview, JSON_LD_REVIEWS } from '@bagshop/domain';
import {
  data,
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import { getProduct } from '../../features/catalog/api/get-products';
import ProductPage from '../../features/catalog/components/product-page';
import { pageServices } from '../page-data';
import { sellerName, siteOrigin } from './seo';

interface ProductData {
  product: Product;
  /** The reviews the rating markup names (server only; none in the browser). */
  reviews: PublicReview[];
}

const notFound = () => data('Not found', { status: 404 });

export async function loader({ context, params, request }: LoaderFunctionArgs): Promise<ProductData> {
  const services = pageServices(context, request);
  const product = await services.product(params.id ?? '');
  if (!product) throw notFound();
  const reviews = product.rating?.count ? await services.topReviews(product._id, JSON_LD_REVIEWS).catch(() => []) : [];
  return { product, reviews };
}

export async function clientLoader({ params }: ClientLoaderFunctionArgs): Promise<ProductData> {
  const product = await getProduct(params.id ?? '');
  if (!product) throw notFound();
  return { product, reviews: [] };
}

/** A variant chosen (`?variant=`) changes the URL only; the product stays. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || (formMethod !== undefined && formMethod !== 'GET') ? defaultShouldRevalidate : false;

export const meta: MetaFunction = ({ data: loaded, matches, location }) => {
  const found = loaded as ProductData | undefined;
  if (!found) return [{ title: 'Page Not Found · Bagshop' }, { name: 'robots', content: 'noindex' }];
  const variant = new URLSearchParams(location.search).get('variant') ?? undefined;
  return metaTags(productMeta(found.product, siteOrigin(matches), sellerName(matches), variant, found.reviews));
};

export default function ProductRoute() {
  const { product } = useLoaderData<ProductData>();
  return <ProductPage key={product._id} product={product} />;
}
