import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

// The app's routes (docs/decisions/0034-react-router-framework-mode.md). Public pages are drawn
// by the function (their loaders read its services); the signed-in screens and the admin area
// are drawn in the browser (`clientLoader.hydrate` + `HydrateFallback`, routes/client-rendered.tsx).
// The public paths are also in domain/src/public-routes.ts (Hosting rewrites, sitemap): a unit
// test keeps the two in step.
const INFO = ['shipping', 'returns', 'refunds', 'cancellation', 'warranty', 'contact'] as const;

/**
 * The shop's pages in one language: at the plain paths (en-IN, the default) or under `/hi`
 * (hi-IN, issue 44, docs/i18n.md). The same modules both times; the Hindi twins get ids of their
 * own (`hi:` + the English id) and read their language from the path (web/src/lib/i18n/).
 */
function shopPages(prefix: '' | 'hi') {
  const at = (path: string) => (prefix ? `${prefix}/${path}` : path);
  const id = (own: string | undefined, file: string) => (prefix ? `hi:${own ?? file.replace(/\.tsx$/, '')}` : own);
  const page = (path: string, file: string, own?: string) => {
    const key = id(own, file);
    return key ? route(at(path), file, { id: key }) : route(at(path), file);
  };
  return [
    prefix ? route(prefix, 'routes/home.tsx', { id: 'hi:routes/home' }) : index('routes/home.tsx'),
    page('luggage', 'routes/category.tsx', 'category-luggage'),
    page('backpacks', 'routes/category.tsx', 'category-backpacks'),
    page('duffles', 'routes/category.tsx', 'category-duffles'),
    page('product/:id', 'routes/product.tsx'),
    page('search', 'routes/search.tsx'),
    ...INFO.map((topic) => page(topic, 'routes/info.tsx', `info-${topic}`)),
    page('seller', 'routes/seller.tsx'),
    page('grievance', 'routes/grievance.tsx'),
    page('privacy', 'routes/privacy.tsx'),
    page('payments', 'routes/payments.tsx'),
    page('unsubscribe', 'routes/unsubscribe.tsx'),
    page('alerts/confirm', 'routes/alert-confirm.tsx'),
    // Drawn in the browser.
    page('auth', 'routes/auth.tsx'),
    page('forgot-password', 'routes/forgot-password.tsx'),
    page('reset-password', 'routes/reset-password.tsx'),
    page('verify-email', 'routes/verify-email.tsx'),
    page('change-password', 'routes/change-password.tsx'),
    page('profile', 'routes/profile.tsx'),
    page('cart', 'routes/cart.tsx'),
    page('payment-success', 'routes/payment-success.tsx'),
    page('payment-cancel', 'routes/payment-cancel.tsx'),
    page('orders', 'routes/orders.tsx', 'orders'),
    page('orders/:id', 'routes/orders.tsx', 'order'),
    page('warranty/claims', 'routes/warranty-claims.tsx'),
    page('wishlist', 'routes/wishlist.tsx'),
  ];
}

export default [
  layout('routes/shop-layout.tsx', [
    ...shopPages(''),
    ...shopPages('hi'),
    route('hi/*', 'routes/not-found.tsx', { id: 'hi:routes/not-found' }),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('admin/*', 'routes/admin.tsx'),
] satisfies RouteConfig;
