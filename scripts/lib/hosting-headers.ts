// The one source of Hosting's headers and rewrites (docs/security.md): `npm run headers` writes
// them into the committed firebase.json; `npm start` / `npm test` copy them into
// firebase.local.json with this checkout's ports. A unit test fails when the committed
// firebase.json differs from what this module produces. The pages' Content-Security-Policy is
// the function's (per response, with a nonce: domain/src/page-csp.ts).
import { PUBLIC_ROUTES, routeRegex } from '../../domain/src/public-routes.ts';

export interface Header {
  key: string;
  value: string;
}

export interface HeaderRule {
  source?: string;
  regex?: string;
  headers: Header[];
}

/**
 * Every path except Firebase's reserved `/__/…` URLs (the auth handler and iframe bring their
 * own policy; ours would stop them being framed) and `/api`, `/api/…` (the function sets its
 * own headers: functions/src/http/app.ts). RE2 has no look-ahead, hence the spelled-out first
 * segment: empty, 1 character, 2 characters other than `__`, 3 other than `api`, or 4 and more.
 */
export const PAGE_PATHS_REGEX = '^/(?:|[^/]|[^/_][^/]|_[^/_]|[^/a][^/]{2}|a[^/p][^/]|ap[^/i]|[^/]{4,})(?:/.*)?$';

/**
 * The Content-Security-Policy is not Hosting's any more: every HTML page comes from the
 * function, which sets the policy with that response's nonce (domain/src/page-csp.ts,
 * functions/src/http/routes/pages.ts; docs/decisions/0034-react-router-framework-mode.md).
 * Re-exported for the tests and checks that read policies.
 */
export { contentSecurityPolicy, directive } from '../../domain/src/page-csp.ts';

/** Browser features the shop never uses. Only names Chromium knows (unknown ones log warnings). */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Hosting's headers on every path but `/api` and `/__/…` (files, and the pages the function renders, which add their CSP). */
export function securityHeaders(): Header[] {
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
    { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  ];
}

/**
 * The shop's own files (the build's assets, the public folder's pictures, icons and text):
 * nothing in them may run or load anything, should one be opened on its own (an SVG can carry
 * script). The pages' policy is the function's; `/api` sets its own.
 */
export const FILE_PATHS_REGEX = '^/(?:assets/|og/)?[^/]+\\.(?:js|css|webp|avif|png|jpe?g|svg|ico|txt|woff2?|webmanifest)$';
export const FILE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** The whole `hosting.headers` list: the security headers, then the caching rules. */
export function hostingHeaders(): HeaderRule[] {
  return [
    { regex: PAGE_PATHS_REGEX, headers: securityHeaders() },
    { regex: FILE_PATHS_REGEX, headers: [{ key: 'Content-Security-Policy', value: FILE_POLICY }] },
    { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    { source: '**/*.@(webp|png|svg|ico)', headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] },
    // The link-preview pictures (docs/search-and-seo.md); not /api/images/*.jpg, which are immutable.
    { source: '/og/*.jpg', headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] },
  ];
}

export interface Rewrite {
  source?: string;
  regex?: string;
  function: { functionId: string; region: string };
}

const fn = (functionId: string) => ({ functionId, region: 'asia-south1' });

/**
 * Hosting's rewrites: the admin's API paths to `adminApi`, the rest of `/api` to `api`
 * (docs/decisions/0031-reads-follow-changes.md), every page of the table of routes
 * (domain/src/public-routes.ts) and the sitemap to `api`, which renders them, and any other
 * path too (the shop's 404 page). Files in web/dist/client are served before any rewrite.
 */
export function hostingRewrites(): Rewrite[] {
  return [
    { regex: '^/api/admin(?:/.*)?$', function: fn('adminApi') },
    { source: '/api/products/createProducts', function: fn('adminApi') },
    { regex: '^/api/order/[^/]+/(?:invoice|credit-note)$', function: fn('adminApi') },
    // Return requests decode the shoppers' photos (issue 37): in the admin function's instances, as product uploads.
    { regex: '^/api/order/[^/]+/returns$', function: fn('adminApi') },
    // Warranty claims carry up to 4 photos to decode (docs/warranty.md): the admin's function, as returns.
    { regex: '^/api/warranty/[^/]+/claims$', function: fn('adminApi') },
    { regex: '^/api(?:/.*)?$', function: fn('api') },
    ...PUBLIC_ROUTES.map((route) => ({ regex: routeRegex(route.path), function: fn('api') })),
    { source: '/sitemap.xml', function: fn('api') },
    { source: '**', function: fn('api') },
  ];
}
