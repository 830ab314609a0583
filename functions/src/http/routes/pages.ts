import { Router, type Request } from 'express';
import { logFault } from '../../lib/logs.js';
import { fallbackPage, productPage, siteOrigin, sitemap } from '../../services/pages.js';

const PAGE_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

const originOf = (req: Request) =>
  siteOrigin({ host: req.get('host'), forwardedHost: req.get('x-forwarded-host'), protocol: req.protocol });

/**
 * Pages served through the function by Hosting rewrites (firebase.json): product pages with
 * their tags filled in, and the sitemap. HTML, not the API's JSON envelope.
 */
export function pagesRouter(): Router {
  const router = Router();

  router.get('/product/:id', async (req, res) => {
    const origin = originOf(req);
    try {
      const page = await productPage(req.params.id, origin);
      res
        .status(page.status)
        .set('Cache-Control', page.status === 200 ? PAGE_CACHE : 'public, max-age=60, s-maxage=60')
        .type('html')
        .send(page.html);
    } catch (error) {
      // The catalog could not be read: the plain shell still lets the SPA try on its own.
      logFault(req.path, error);
      const shell = await fallbackPage(origin).catch(() => null);
      if (shell) res.status(200).set('Cache-Control', 'no-store').type('html').send(shell);
      // No web build next to the function (e.g. `npm run dev` serves pages from Vite instead).
      else res.status(503).set('Cache-Control', 'no-store').type('text').send('The web app is not built: run `npm run build`.');
    }
  });

  router.get('/sitemap.xml', async (req, res) => {
    const xml = await sitemap(originOf(req));
    res.status(200).set('Cache-Control', PAGE_CACHE).type('application/xml').send(xml);
  });

  return router;
}
