// Where route loaders get their data (docs/decisions/0034-react-router-framework-mode.md): on
// the function, from its own services (the request's load context); without one (`npm run dev`
// serves pages from Vite), from the public API over HTTP, as the browser would.
import type {
  AlertConfirmView,
  DeliveryPolicy,
  DeliveryQuote,
  PageServices,
  Product,
  PublicReview,
  SellerInfo,
  SignedLinkAnswer,
  UnsubscribeView,
} from '@bagshop/domain';
import type { AppLoadContext } from 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    services?: PageServices;
    nonce?: string;
  }
}

const DEV_API = () =>
  process.env.BAGSHOP_API_ORIGIN ??
  `http://127.0.0.1:${process.env.VITE_FUNCTIONS_PORT ?? '5001'}/${process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-bagshop'}/asia-south1/api`;

async function get<T>(path: string): Promise<T | null> {
  const res = await fetch(`${DEV_API()}/${path}`, { headers: { Accept: 'application/json' } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

/** A signed link's call: its data, or the message of a 4xx answer. */
async function signed<T>(method: 'GET' | 'POST', path: string): Promise<SignedLinkAnswer<T>> {
  const res = await fetch(`${DEV_API()}/${path}`, { method, headers: { Accept: 'application/json' } });
  const body = (await res.json()) as { data?: T; message?: string };
  if (res.status >= 400 && res.status < 500) return { ok: false, message: body.message ?? 'This link is not valid' };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return { ok: true, view: body.data as T };
}

function overHttp(request: Request): PageServices {
  return {
    product: (id) => get<Product>(`products/${encodeURIComponent(id)}`),
    category: async (c) => (await get<Product[]>(`products/category/${c}`)) ?? [],
    products: async () => (await get<Product[]>('products/')) ?? [],
    search: async (q) => (await get<Product[]>(`products/search?${new URLSearchParams({ q }).toString()}`)) ?? [],
    seller: () => get<SellerInfo>('seller').catch(() => null),
    topReviews: async () => [] as PublicReview[],
    deliveryQuote: async (pin) => {
      const quote = await get<DeliveryQuote>(`delivery/${encodeURIComponent(pin)}`);
      if (!quote) throw new Error('We could not find this PIN code');
      return quote;
    },
    deliveryPolicy: async () => {
      const policy = await get<DeliveryPolicy>('delivery');
      if (!policy) throw new Error('The delivery policy could not be read');
      return policy;
    },
    unsubscribePreview: (token) => signed<UnsubscribeView>('GET', `unsubscribe?${new URLSearchParams({ token }).toString()}`),
    unsubscribe: (token) => signed<UnsubscribeView>('POST', `unsubscribe?${new URLSearchParams({ token }).toString()}`),
    confirmAlert: (token) => signed<AlertConfirmView>('POST', `alerts/confirm?${new URLSearchParams({ token }).toString()}`),
    notifyMe: async (input) => {
      const res = await fetch(`${DEV_API()}/alerts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      const body = (await res.json()) as { message?: string };
      return res.ok
        ? { ok: true, view: { message: body.message ?? '' } }
        : { ok: false, message: body.message ?? 'We could not set the alert' };
    },
    origin: new URL(request.url).origin,
  };
}

/** The services a loader reads from (server side). */
export function pageServices(context: AppLoadContext | undefined, request: Request): PageServices {
  return context?.services ?? overHttp(request);
}
