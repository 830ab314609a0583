import { categorySchema } from '@bagshop/domain';
import { Router, type Request, type Response } from 'express';
import { logFault } from '../../lib/logs.js';
import { categoryPage, fallbackPage, productPage, searchPage, siteOrigin, sitemap, type PageResponse } from '../../services/pages.js';

const PAGE_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

const originOf = (req: Request) =>
  siteOrigin({ host: req.get('host'), forwardedHost: req.get('x-forwarded-host'), protocol: req.protocol });

/** The request's query string, `?` included, as the browser has it (the page reads it itself). */
const searchOf = (req: Request) => {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at);
};

/** A page that carries prices and stock: cached as product pages are, unless it came out degraded. */
function sendPage(res: Response, page: PageResponse): void {
  res
    .status(page.status)
    .set('Cache-Control', page.degraded ? 'no-store' : PAGE_CACHE)
    .type('html')
    .send(page.html);
}

/** The page could not be made (the catalog unreadable, no web build): the plain shell still lets the SPA try on its own. */
async function sendFallback(req: Request, res: Response, error: unknown): Promise<void> {
  logFault(req.path, error);
  const shell = await fallbackPage(originOf(req)).catch(() => null);
  if (shell) res.status(200).set('Cache-Control', 'no-store').type('html').send(shell);
  // No web build next to the function (e.g. `npm run dev` serves pages from Vite instead).
  else res.status(503).set('Cache-Control', 'no-store').type('text').send('The web app is not built: run `npm run build`.');
}

/**
 * Pages served through the function by Hosting rewrites (firebase.json): product, category and
 * search pages with their tags and markup, and the sitemap. HTML, not the API's JSON envelope.
 */
export function pagesRouter(): Router {
  const router = Router();

  router.get('/search', async (req, res) => {
    try {
      sendPage(res, await searchPage(searchOf(req), originOf(req)));
    } catch (error) {
      await sendFallback(req, res, error);
    }
  });

  // Only the three categories; any other single segment is not a page of this router (the API
  // is mounted at `/` too, for calls made straight to the function).
  router.get('/:category', async (req, res, next) => {
    const category = categorySchema.safeParse(req.params.category);
    if (!category.success) {
      next();
      return;
    }
    try {
      sendPage(res, await categoryPage(category.data, searchOf(req), originOf(req)));
    } catch (error) {
      await sendFallback(req, res, error);
    }
  });

  router.get('/product/:id', async (req, res) => {
    const origin = originOf(req);
    try {
      const variant = typeof req.query.variant === 'string' ? req.query.variant : undefined;
      const page = await productPage(req.params.id, origin, variant);
      res
        .status(page.status)
        .set('Cache-Control', page.status === 200 ? PAGE_CACHE : 'public, max-age=60, s-maxage=60')
        .type('html')
        .send(page.html);
    } catch (error) {
      await sendFallback(req, res, error);
    }
  });

  router.get('/sitemap.xml', async (req, res) => {
    const xml = await sitemap(originOf(req));
    res.status(200).set('Cache-Control', PAGE_CACHE).type('application/xml').send(xml);
  });

  return router;
}
