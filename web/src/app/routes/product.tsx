import {
  PIN_FORMAT_MESSAGE,
  productMeta,
  metaTags,
  type DeliveryQuote,
  type Product,
  type PublicReview,
  type SignedLinkAnswer,
  JSON_LD_REVIEWS,
} from '@bagshop/domain';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  useActionData,
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import { getProduct } from '../../features/catalog/api/get-products';
import ProductPage from '../../features/catalog/components/product-page';
import { newThenToken, signInFirstPath, thenCookieHeader } from '../../lib/sign-in-first';
import { pageServices } from '../page-data';
import { localizeTags, sellerName, siteOrigin } from './seo';

interface ProductData {
  product: Product;
  /** The reviews the rating markup names (server only; none in the browser). */
  reviews: PublicReview[];
  /** 'Check delivery' sent as a form before JavaScript ran (`?pin=`): its answer, drawn with the page. */
  delivery?: { pin: string; quote?: DeliveryQuote; error?: string };
}

const notFound = () => data('Not found', { status: 404 });

export async function loader({ context, params, request }: LoaderFunctionArgs): Promise<ProductData> {
  const services = pageServices(context, request);
  const product = await services.product(params.id ?? '');
  if (!product) throw notFound();
  const reviews = product.rating?.count ? await services.topReviews(product._id, JSON_LD_REVIEWS).catch(() => []) : [];
  const pin = new URL(request.url).searchParams.get('pin');
  if (pin === null) return { product, reviews };
  try {
    if (!/^\d{6}$/.test(pin)) throw new Error(PIN_FORMAT_MESSAGE);
    return { product, reviews, delivery: { pin, quote: await services.deliveryQuote(pin) } };
  } catch (error) {
    return {
      product,
      reviews,
      delivery: { pin, error: error instanceof Error ? error.message : 'We could not check this PIN code just now' },
    };
  }
}

export async function clientLoader({ params }: ClientLoaderFunctionArgs): Promise<ProductData> {
  const product = await getProduct(params.id ?? '');
  if (!product) throw notFound();
  return { product, reviews: [] };
}

/**
 * Add to cart or Buy Now sent before the app took the page over (or without JavaScript): the
 * shopper's sign-in lives in the browser (Firebase Auth), so the server cannot add to anyone's
 * cart. Every such visitor is sent to sign in first, with the spec's message (a shopper who is
 * signed in in this browser goes straight through), and comes back to this product (and variant),
 * where the app adds the bag or opens Buy Now (`?then=add|buy&qty=`). Once the app runs, the form is handled in the browser
 * (web/src/features/catalog/components/product-page.tsx).
 */
export async function action({ context, params, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = new URLSearchParams();
  const variant = form.get('variant');
  if (typeof variant === 'string' && variant) back.set('variant', variant);
  const intent = form.get('intent');
  const product = `/product/${encodeURIComponent(params.id ?? '')}`;
  // Another site's form posted here: the shopper is sent to sign in and back, and nothing is added.
  if (request.headers.get('sec-fetch-site') === 'cross-site') return redirect(signInFirstPath(`${product}?${back.toString()}`));
  // "Notify me" by a visitor with an email (docs/comeback.md): the double opt-in, answered on the page.
  const email = form.get('email');
  if (intent === 'notify' && typeof email === 'string' && email.trim()) {
    const answer = await pageServices(context, request).notifyMe({
      productId: params.id ?? '',
      email: email.trim(),
      ...(typeof variant === 'string' && variant ? { variantId: variant } : {}),
    });
    return data({ notify: answer }, { status: answer.ok ? 200 : 400 });
  }
  // What was asked for, done by the page once the shopper is signed in (product-page.tsx), with
  // the one-time token that proves this browser asked for it (lib/sign-in-first.ts): the heart (`wishlist`), "Notify me" (`notify`), Buy Now or Add to cart.
  back.set('then', intent === 'buy' ? 'buy' : intent === 'wishlist' ? 'wishlist' : intent === 'notify' ? 'notify' : 'add');
  const quantity = Number.parseInt(String(form.get('quantity') ?? '1'), 10);
  if (intent !== 'wishlist' && intent !== 'notify') back.set('qty', String(Number.isInteger(quantity) && quantity >= 1 ? quantity : 1));
  const token = newThenToken();
  back.set('t', token);
  return redirect(signInFirstPath(`${product}?${back.toString()}`), { headers: { 'Set-Cookie': thenCookieHeader(token) } });
}

/** A variant chosen (`?variant=`) changes the URL only; the product stays. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || (formMethod !== undefined && formMethod !== 'GET') ? defaultShouldRevalidate : false;

export const meta: MetaFunction = ({ data: loaded, matches, location }) => {
  const found = loaded as ProductData | undefined;
  if (!found) return [{ title: 'Page Not Found · Bagshop' }, { name: 'robots', content: 'noindex' }];
  const variant = new URLSearchParams(location.search).get('variant') ?? undefined;
  return localizeTags(
    metaTags(productMeta(found.product, siteOrigin(matches), sellerName(matches), variant, found.reviews)),
    location.pathname,
  );
};

export default function ProductRoute() {
  const { product, delivery } = useLoaderData<ProductData>();
  const acted = useActionData<{ notify?: SignedLinkAnswer<{ message: string }> }>();
  return <ProductPage key={product._id} product={product} delivery={delivery} notified={acted?.notify} />;
}
