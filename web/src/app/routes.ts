import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

// The app's routes (docs/decisions/0034-react-router-framework-mode.md). Public pages are drawn
// by the function (their loaders read its services); the signed-in screens and the admin area
// are drawn in the browser (`clientLoader.hydrate` + `HydrateFallback`, routes/client-rendered.tsx).
// The public paths are also in domain/src/public-routes.ts (Hosting rewrites, sitemap): a unit
// test keeps the two in step.
const INFO = ['shipping', 'returns', 'refunds', 'cancellation', 'warranty', 'contact'] as const;

export default [
  layout('routes/shop-layout.tsx', [
    index('routes/home.tsx'),
    route('luggage', 'routes/category.tsx', { id: 'category-luggage' }),
    route('backpacks', 'routes/category.tsx', { id: 'category-backpacks' }),
    route('duffles', 'routes/category.tsx', { id: 'category-duffles' }),
    route('product/:id', 'routes/product.tsx'),
    route('search', 'routes/search.tsx'),
    ...INFO.map((topic) => route(topic, 'routes/info.tsx', { id: `info-${topic}` })),
    route('seller', 'routes/seller.tsx'),
    route('grievance', 'routes/grievance.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('payments', 'routes/payments.tsx'),
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    route('alerts/confirm', 'routes/alert-confirm.tsx'),
    // Drawn in the browser.
    route('auth', 'routes/auth.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('verify-email', 'routes/verify-email.tsx'),
    route('change-password', 'routes/change-password.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('payment-success', 'routes/payment-success.tsx'),
    route('payment-cancel', 'routes/payment-cancel.tsx'),
    route('orders', 'routes/orders.tsx', { id: 'orders' }),
    route('orders/:id', 'routes/orders.tsx', { id: 'order' }),
    route('warranty/claims', 'routes/warranty-claims.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('admin/*', 'routes/admin.tsx'),
] satisfies RouteConfig;
