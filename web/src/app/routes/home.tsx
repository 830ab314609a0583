import type { ClientLoaderFunctionArgs, LoaderFunctionArgs, MetaFunction } from 'react-router';
import { useLoaderData } from 'react-router';
import { getProducts } from '../../features/catalog/api/get-products';
import { HomePage } from '../../features/catalog/components/home-page';
import { homeData, type HomeData } from '../../features/catalog/lib/home-data';
import { getDeliveryPolicy } from '../../lib/delivery-api';
import { pageServices } from '../page-data';
import { staticTags } from './seo';

export const meta: MetaFunction = ({ matches, location }) => staticTags(location.pathname, matches);

/** The hero's picture, the home page's LCP element: asked for with the HTML, at high priority. */
export const links = () => [
  {
    rel: 'preload',
    as: 'image',
    href: '/hero-bag.webp',
    imageSrcSet: '/hero-bag-480.webp 480w, /hero-bag.webp 900w',
    imageSizes: '(min-width: 48em) 460px, 320px',
    fetchPriority: 'high',
  },
];

/**
 * The sections below the hero (carousel, category covers) are drawn by the server with the page,
 * so their links, arrows and Add to cart work before JavaScript (docs/decisions/0036-what-hydrates-when.md).
 * A failed read draws the page without the carousel (docs/spec.md §2).
 */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<HomeData> {
  const services = pageServices(context, request);
  const [products, policy] = await Promise.all([
    services.products().catch(() => null),
    // The delivery wording from the shipping settings (issue 40); unreadable: only what is always true.
    services.deliveryPolicy().catch(() => null),
  ]);
  return homeData(products, policy?.express ?? null);
}

/** In the browser, moving to the home page: the public, cached API. */
export async function clientLoader(_args: ClientLoaderFunctionArgs): Promise<HomeData> {
  const [products, policy] = await Promise.all([getProducts().catch(() => null), getDeliveryPolicy().catch(() => null)]);
  return homeData(products, policy?.express ?? null);
}

export default function Home() {
  return <HomePage data={useLoaderData<HomeData>()} />;
}
