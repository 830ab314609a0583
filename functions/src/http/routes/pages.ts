import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { contentSecurityPolicy, isPagePath, type CspTarget } from '@bagshop/domain';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { logFault } from '../../lib/logs.js';
import { pageHandler, pageServices, siteOrigin, sitemap } from '../../pages/index.js';

const PAGE_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

const originOf = (req: Request) =>
  siteOrigin({ host: req.get('host'), forwardedHost: req.get('x-forwarded-host'), protocol: req.protocol });

/** Production, or the emulators' Auth and Firestore (their hosts are in the function's environment). */
function cspTarget(): CspTarget {
  const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const firestore = process.env.FIRESTORE_EMULATOR_HOST;
  return auth && firestore ? { kind: 'local', authHost: auth, firestoreHost: firestore } : { kind: 'production' };
}

/**
 * The security headers of a page (docs/security.md), with this response's own nonce in its
 * Content-Security-Policy: the framework's inline scripts carry it (web/src/app/entry.server.tsx).
 * A page is cached by the CDN as a whole, headers included, so each copy keeps a matching pair.
 */
function pageHeaders(res: Response, nonce: string): void {
  res.set({
    'Content-Security-Policy': contentSecurityPolicy(cspTarget(), [`'nonce-${nonce}'`]),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  });
}

const STREAM_MEMBERS = new Set<PropertyKey>([
  'on',
  'once',
  'off',
  'addListener',
  'removeListener',
  'pause',
  'resume',
  'destroy',
  'pipe',
  'read',
  'readableHighWaterMark',
  Symbol.asyncIterator,
]);

/**
 * Cloud Functions read a request's body before our code runs (`rawBody`), so the stream React
 * Router's adapter reads a form from has ended: it would wait for it forever. This gives the
 * adapter the same request with its body readable again.
 */
function withReadableBody(req: Request): Request {
  const raw = (req as Request & { rawBody?: unknown }).rawBody;
  if (!Buffer.isBuffer(raw) || !req.readableEnded) return req;
  const body = Readable.from([raw]);
  return new Proxy(req, {
    get(target, prop, receiver) {
      if (STREAM_MEMBERS.has(prop)) {
        const value = Reflect.get(body, prop) as unknown;
        return typeof value === 'function' ? value.bind(body) : value;
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

/**
 * A page of the shop, rendered by React Router's request handler from the web build
 * (docs/decisions/0034-react-router-framework-mode.md). GET and HEAD pages are the same for
 * everyone (app.ts drops any identity first) and cached like the catalogue; a POST (a form sent
 * before JavaScript ran) runs the route's action.
 */
export const renderPage: RequestHandler = async (req, res, next) => {
  const nonce = randomBytes(16).toString('base64');
  pageHeaders(res, nonce);
  try {
    const handle = await pageHandler((request) => ({
      services: pageServices(originOf(request)),
      nonce: String(request.res?.locals.nonce ?? ''),
    }));
    res.locals.nonce = nonce;
    if (req.method === 'GET' || req.method === 'HEAD') res.set('Cache-Control', PAGE_CACHE);
    // `private`: Hosting (and its emulator) drops a Set-Cookie from any response not marked so.
    else res.set('Cache-Control', 'private, no-store');
    await handle(req.method === 'POST' ? withReadableBody(req) : req, res, next);
  } catch (error) {
    logFault(req.path, error);
    if (!res.headersSent)
      res.status(503).set('Cache-Control', 'no-store').type('text').send('The web app is not built: run `npm run build`.');
  }
};

/**
 * The shop's pages, served through the function by Hosting rewrites (firebase.json, from the
 * table in domain/src/public-routes.ts), and the sitemap.
 */
export function pagesRouter(): Router {
  const router = Router();

  router.get('/sitemap.xml', async (req, res) => {
    const xml = await sitemap(originOf(req));
    res.status(200).set('Cache-Control', PAGE_CACHE).type('application/xml').send(xml);
  });

  // `/cart` is a page and, called straight on the function without `/api` (`npm run dev`), an
  // API route too: a page is asked for as HTML, or sent as a form.
  router.use((req, res, next) => {
    const page =
      isPagePath(req.path) &&
      (((req.method === 'GET' || req.method === 'HEAD') && req.accepts(['html', 'json']) === 'html') ||
        (req.method === 'POST' && Boolean(req.is(['application/x-www-form-urlencoded', 'multipart/form-data']))));
    if (page) void renderPage(req, res, next);
    else next();
  });

  return router;
}
