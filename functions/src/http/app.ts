import { adminWarrantyRouter, warrantyRouter } from './routes/warranty.js';
import zlib from 'node:zlib';
import compression from 'compression';
import { isPagePath, isPublicApiRead, trackingFreeLocation } from '@bagshop/domain';
import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Router } from 'express';
import { normaliseError } from '../lib/errors.js';
import { logFailedRequest, logFault } from '../lib/logs.js';
import { limitFromEnv, rateLimit } from '../lib/rate-limit.js';
import { optionalUser } from './auth.js';
import { noStore } from './respond.js';
import { configureTrustProxy } from './trust-proxy.js';
import { healthRouter } from './routes/health.js';
import { imagesRouter } from './routes/images.js';
import { adminRouter } from './routes/admin.js';
import { adminOffersRouter } from './routes/offers.js';
import { cartRouter } from './routes/cart.js';
import { ordersRouter } from './routes/orders.js';
import { pagesRouter, renderPage } from './routes/pages.js';
import { paymentRouter } from './routes/payment.js';
import { adminProductsRouter, productsRouter } from './routes/products.js';
import { adminReviewsRouter, reviewsRouter } from './routes/reviews.js';
import { taxDocumentsRouter } from './routes/tax-documents.js';
import { usersRouter } from './routes/users.js';
import { adminDeliveryRouter, deliveryRouter } from './routes/delivery.js';
import { adminGrievanceRouter, grievanceRouter, sellerRouter } from './routes/disclosures.js';
import { fulfilmentOrderRouter, shippingRouter } from './routes/fulfilment.js';
import { adminReturnsRouter, orderReturnsRouter } from './routes/returns.js';
import { adminMessagesRouter, webhooksRouter } from './routes/messaging.js';
import { alertsRouter, unsubscribeRouter, wishlistRouter } from './routes/comeback.js';
import { parseTestNow, TEST_NOW_HEADER, withClock } from '../lib/clock.js';
import { serverConfig } from '../config.js';

export function createApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  configureTrustProxy(app);
  // Pages and JSON leave compressed (gzip or brotli, as the browser accepts, `Vary: Accept-Encoding`):
  // a category or search page is 90-110 KB of HTML, 11-13 KB with brotli (docs/storefront.md,
  // "Performance choices"). Brotli quality 5, not the middleware's 4: /search?q=trolley comes
  // to 13.1 KB instead of 14.0, under the ~14 KB a connection's first round trip carries, for
  // ~1.5 ms of CPU. Images and PDFs are compressed already and go as they are.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));
  app.use(dropTrackingParams);
  app.use(testClock);

  const api = express.Router();
  api.use(apiHeaders);
  api.use(anonymousPublicReads);
  api.use(express.json({ limit: '100kb' }));
  api.use(['/products', '/images'], publicReadLimit());
  api.use('/health', withMethodNotAllowed(healthRouter()));
  api.use('/products', withMethodNotAllowed(reviewsRouter()));
  api.use('/products', withMethodNotAllowed(productsRouter()));
  api.use('/images', withMethodNotAllowed(imagesRouter()));
  api.use('/users', withMethodNotAllowed(usersRouter()));
  api.use('/cart', withMethodNotAllowed(cartRouter()));
  api.use('/order', withMethodNotAllowed(taxDocumentsRouter()));
  api.use('/order', withMethodNotAllowed(fulfilmentOrderRouter()));
  api.use('/order', withMethodNotAllowed(orderReturnsRouter()));
  api.use('/order', withMethodNotAllowed(ordersRouter()));
  api.use('/shipping', withMethodNotAllowed(shippingRouter()));
  api.use('/payment', withMethodNotAllowed(paymentRouter()));
  api.use('/admin', withMethodNotAllowed(adminRouter()));
  api.use('/admin', withMethodNotAllowed(adminReviewsRouter()));
  api.use('/admin', withMethodNotAllowed(adminReturnsRouter()));
  api.use('/admin', withMethodNotAllowed(adminOffersRouter()));
  api.use('/admin', withMethodNotAllowed(adminProductsRouter()));
  api.use('/warranty', withMethodNotAllowed(warrantyRouter()));
  api.use('/admin', withMethodNotAllowed(adminWarrantyRouter()));
  api.use('/delivery', withMethodNotAllowed(deliveryRouter()));
  api.use('/seller', withMethodNotAllowed(sellerRouter()));
  api.use('/grievance', withMethodNotAllowed(grievanceRouter()));
  api.use('/admin', withMethodNotAllowed(adminDeliveryRouter()), withMethodNotAllowed(adminGrievanceRouter()));
  api.use('/webhooks', withMethodNotAllowed(webhooksRouter()));
  api.use('/admin', withMethodNotAllowed(adminMessagesRouter()));
  api.use('/wishlist', withMethodNotAllowed(wishlistRouter()));
  api.use('/alerts', withMethodNotAllowed(alertsRouter()));
  api.use('/unsubscribe', withMethodNotAllowed(unsubscribeRouter()));
  api.use(notFoundHandler);
  api.use(errorHandler);

  // The shop's pages and the sitemap (HTML/XML, Hosting rewrites them here): docs/search-and-seo.md,
  // docs/decisions/0034-react-router-framework-mode.md. Not the API's headers: each page sets its
  // own (a CSP with the response's nonce).
  app.use(anonymousPages);
  app.use(pagesRouter());
  // Through Hosting the path keeps its /api prefix; called directly on the Functions
  // emulator it arrives without it. Serve both.
  app.use('/api', api);
  app.use('/', api);
  return app;
}

/**
 * Every answer of the API (docs/security.md): JSON (or image bytes) never sniffed as anything
 * else, never framed, no active content, and private unless a route says it is public
 * (`publicCache`). Hosting's page headers do not cover /api (scripts/lib/hosting-headers.ts).
 */
const apiHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
  });
  noStore(res);
  next();
};

/**
 * On the emulators only, `X-Bagshop-Test-Now: <ISO>` sets the clock of the request (lib/clock.ts;
 * docs/comeback.md "Testing the clock"): quiet hours and the daily cap can be tested at any hour.
 * A deployed function ignores the header.
 */
const testClock: RequestHandler = (req, _res, next) => {
  const at = serverConfig().emulator ? parseTestNow(req.get(TEST_NOW_HEADER)) : null;
  if (at) withClock(at, next);
  else next();
};

/**
 * A GET whose query carries campaign tags or ad click ids (utm_*, fbclid, gclid…) that no page
 * reads: 301 to the same URL without them, so the CDN keeps one copy of each page instead of a
 * miss per campaign and click (domain/src/public-reads.ts). The redirect itself is cacheable.
 * The path is the one Hosting passes on (a call straight to the Functions emulator lacks its prefix).
 */
const dropTrackingParams: RequestHandler = (req, res, next) => {
  const at = req.originalUrl.indexOf('?');
  const location =
    (req.method === 'GET' || req.method === 'HEAD') && at >= 0
      ? trackingFreeLocation(req.originalUrl.slice(0, at), req.originalUrl.slice(at))
      : null;
  if (!location) {
    next();
    return;
  }
  res.set('Cache-Control', 'public, max-age=86400, s-maxage=86400').redirect(301, location);
};

/**
 * Public reads are answered the same to everyone (isPublicApiRead): whatever identity a request
 * carries is dropped before any handler sees it, so no public answer can come to depend on it
 * and the CDN needs to key on nothing but the URL and `Accept-Encoding`.
 */
const anonymousPublicReads: RequestHandler = (req, _res, next) => {
  if (isPublicApiRead(req.path, req.method)) forgetIdentity(req);
  next();
};

/** The pages the function draws (domain/src/public-routes.ts) and the sitemap likewise. */
const anonymousPages: RequestHandler = (req, _res, next) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && (isPagePath(req.path) || req.path === '/sitemap.xml')) forgetIdentity(req);
  next();
};

function forgetIdentity(req: express.Request): void {
  delete req.headers.authorization;
  delete req.headers.cookie;
}

/**
 * The catalog and images are public: a generous per-IP limit bounds what one client can make
 * the function read (docs/security.md). The CDN answers most repeat reads before they get here.
 */
function publicReadLimit(): RequestHandler {
  const limiter = rateLimit({ name: 'public_read', limit: limitFromEnv('public_read', 600), windowMs: 60_000 });
  return (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? limiter(req, res, next) : next());
}

/**
 * After a router's own routes: a known path asked with another method answers 405 with
 * `Allow` (and OPTIONS a 204 with it), instead of falling through to the 404.
 */
function withMethodNotAllowed(router: Router): Router {
  const allowed = new Map<string, Set<string>>();
  for (const layer of router.stack) {
    const route = layer.route;
    if (!route || typeof route.path !== 'string') continue;
    const methods = allowed.get(route.path) ?? new Set<string>();
    for (const handler of route.stack) if (handler.method) methods.add(handler.method.toUpperCase());
    allowed.set(route.path, methods);
  }
  for (const [path, methods] of allowed) {
    if (methods.has('GET')) methods.add('HEAD');
    const allow = [...methods].sort().join(', ');
    router.all(path, (req, res) => {
      res.set('Allow', allow);
      if (req.method === 'OPTIONS') {
        res.status(204).end();
        return;
      }
      res.status(405).json({ success: false, message: `${req.method} is not allowed here; use ${allow}` });
    });
  }
  return router;
}

const notFoundHandler: RequestHandler = (req, res, next) => {
  // A page address nobody has (Hosting sends every path that is not a file here): the shop's
  // own 404 page, drawn like any other (a direct call to the function, without /api, too).
  // HTML unless JSON is asked for by name (the app's API client does): a link preview or a
  // crawler sends `*/*`.
  if (req.baseUrl === '' && (req.method === 'GET' || req.method === 'HEAD') && req.accepts(['html', 'json']) === 'html') {
    forgetIdentity(req);
    void renderPage(req, res, next);
    return;
  }
  res.status(404).json({ success: false, message: `No route for ${req.method} ${req.baseUrl}${req.path}` });
};

/** A path whose %-escapes do not decode (express throws while reading its parameters). */
function isUndecodablePath(error: unknown): boolean {
  return error instanceof URIError || (error instanceof Error && error.name === 'URIError');
}

const errorHandler: ErrorRequestHandler = async (error, req, res, _next) => {
  const normalised = isUndecodablePath(error)
    ? { status: 404, body: { success: false as const, message: 'Not found' }, headers: undefined }
    : normaliseError(error);
  const { status, body, headers } = normalised;
  const route = req.originalUrl.split('?')[0] ?? req.path;
  if (status >= 500) logFault(route, error);
  let uid: string | null = null;
  try {
    uid = (await optionalUser(req))?.uid ?? null;
  } catch {
    uid = null;
  }
  logFailedRequest({ method: req.method, route, status, uid, message: body.message });
  // A response already under way (a streamed CSV) cannot become a JSON error: cut it, so the
  // client sees a failed download rather than a short file that looks complete, or a wait.
  if (res.headersSent) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  if (headers) res.set(headers);
  res.status(status).json(body);
};
