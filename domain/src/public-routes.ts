// The one table of the storefront's public page routes (issue 22; docs/decisions/0034-react-router-framework-mode.md).
// From it: Hosting's rewrites (`npm run headers`, scripts/lib/hosting-headers.ts), the paths the
// function treats as public pages (functions/src/http/app.ts, routes/pages.ts) and the sitemap
// (functions/src/pages/render.ts). The route modules themselves are in web/src/app/routes.ts.

/** How a page is drawn: by the function per request (`server`), or by the browser (`client`: the function sends the layout). */
export type Rendering = 'server' | 'client';

export interface PublicRoute {
  /** The path; `:id` a parameter. */
  path: string;
  rendering: Rendering;
  /** In sitemap.xml: `build` (lastmod: the web build), `catalog` (the newest product of the page), `products` (one entry per product), or not. */
  sitemap: 'build' | 'catalog' | 'products' | null;
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: '/', rendering: 'server', sitemap: 'catalog' },
  { path: '/luggage', rendering: 'server', sitemap: 'catalog' },
  { path: '/backpacks', rendering: 'server', sitemap: 'catalog' },
  { path: '/duffles', rendering: 'server', sitemap: 'catalog' },
  { path: '/product/:id', rendering: 'server', sitemap: 'products' },
  { path: '/search', rendering: 'server', sitemap: null },
  { path: '/shipping', rendering: 'server', sitemap: 'build' },
  { path: '/returns', rendering: 'server', sitemap: 'build' },
  { path: '/warranty', rendering: 'server', sitemap: 'build' },
  { path: '/contact', rendering: 'server', sitemap: 'build' },
  { path: '/grievance', rendering: 'server', sitemap: 'build' },
  { path: '/seller', rendering: 'server', sitemap: 'build' },
  { path: '/privacy', rendering: 'server', sitemap: 'build' },
  { path: '/refunds', rendering: 'server', sitemap: 'build' },
  { path: '/cancellation', rendering: 'server', sitemap: 'build' },
  { path: '/payments', rendering: 'server', sitemap: 'build' },
  // A message's signed links (docs/comeback.md): drawn by the function, never listed.
  { path: '/unsubscribe', rendering: 'server', sitemap: null },
  { path: '/alerts/confirm', rendering: 'server', sitemap: null },
  // Drawn in the browser (they need the signed-in user, or are the admin's): the function sends
  // the layout and a loader in their place.
  { path: '/auth', rendering: 'client', sitemap: null },
  { path: '/forgot-password', rendering: 'client', sitemap: null },
  { path: '/reset-password', rendering: 'client', sitemap: null },
  { path: '/verify-email', rendering: 'client', sitemap: null },
  { path: '/change-password', rendering: 'client', sitemap: null },
  { path: '/profile', rendering: 'client', sitemap: null },
  { path: '/cart', rendering: 'client', sitemap: null },
  { path: '/payment-success', rendering: 'client', sitemap: null },
  { path: '/payment-cancel', rendering: 'client', sitemap: null },
  { path: '/orders', rendering: 'client', sitemap: null },
  { path: '/orders/:id', rendering: 'client', sitemap: null },
  { path: '/warranty/claims', rendering: 'client', sitemap: null },
  { path: '/wishlist', rendering: 'client', sitemap: null },
  { path: '/admin/*', rendering: 'client', sitemap: null },
];

/**
 * A route's path as an anchored regular expression (RE2-safe, for Hosting too): `:id` is one
 * segment, a final `/*` any rest (or none); a trailing slash is allowed.
 */
export function routeRegex(path: string): string {
  if (path === '/') return '^/$';
  if (path.endsWith('/*')) return `${routeRegex(path.slice(0, -2)).replace(/\/\?\$$/, '')}(?:/.*)?$`;
  const body = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body}/?$`;
}

/**
 * The Hindi twin of every storefront page (issue 44, docs/i18n.md): the same page under `/hi`
 * (`/hi`, `/hi/luggage`, `/hi/product/:id`, …), drawn the same way; the admin's area has none.
 */
export const HINDI_ROUTES: readonly PublicRoute[] = PUBLIC_ROUTES.filter((r) => !r.path.startsWith('/admin')).map((r) => ({
  ...r,
  path: r.path === '/' ? '/hi' : `/hi${r.path}`,
}));

/** Every page the function draws: the English table and its Hindi twins. */
export const PAGE_ROUTES: readonly PublicRoute[] = [...PUBLIC_ROUTES, ...HINDI_ROUTES];

const MATCHERS = PAGE_ROUTES.map((r) => new RegExp(routeRegex(r.path)));

/** Whether `pathname` is one of the shop's pages (each is the same for everyone: no identity reaches it). */
export function isPagePath(pathname: string): boolean {
  return MATCHERS.some((m) => m.test(pathname));
}
