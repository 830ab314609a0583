/**
 * The shop's pages (docs/decisions/0034-react-router-framework-mode.md): the web build's server
 * bundle (lib/web/server/, React Router's build with its Express request handler, copied there
 * by web/copy-server.mjs) renders them; this module gives its route loaders the services they
 * read (the same catalogue, search, reviews and seller reads as the API) and writes the sitemap
 * from the table of public routes (domain/src/public-routes.ts).
 */
import { readFile } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import {
  CATEGORIES,
  EMULATOR_HOST,
  escapeHtml,
  LOCAL_PORTS,
  productPath,
  PUBLIC_ROUTES,
  LOCALES,
  localizedPath,
  type PageLoadContext,
  alertCreateSchema,
  type PageServices,
  type SignedLinkAnswer,
  type SellerInfo,
} from '@bagshop/domain';
import { serverConfig } from '../config.js';
import { logFault } from '../lib/logs.js';
import { getProduct, listProducts, PRODUCT_NOT_FOUND } from '../catalog/index.js';
import { readCatalogVersion } from '../catalog/index.js';
import { deliveryPolicy, deliveryQuote } from '../shipping/index.js';
import { sellerInfo } from '../catalog/index.js';
import { topReviews } from '../reviews/index.js';
import { confirmAlert, createAlert, previewUnsubscribe, unsubscribe } from '../comeback/index.js';
import { badRequest, HttpError } from '../lib/errors.js';
import { searchProducts } from '../catalog/index.js';

/** Where the web build put the shell and its build facts; BAGSHOP_WEB_DIR overrides (tests). */
function webDir(): URL {
  const dir = serverConfig().webDir;
  return dir ? new URL(`file://${dir.replace(/\/?$/, '/')}`) : new URL('./web/', import.meta.url);
}

interface WebBuild {
  /** When the web app was built: the lastmod of the pages that only change with a deploy. */
  builtAt: string;
}

let build: Promise<WebBuild> | null = null;

export function webBuild(): Promise<WebBuild> {
  build ??= (async () => {
    const dir = webDir();
    const { builtAt } = JSON.parse(await readFile(new URL('build.json', dir), 'utf8')) as { builtAt?: unknown };
    return { builtAt: typeof builtAt === 'string' ? builtAt : new Date(0).toISOString() };
  })();
  build.catch(() => {
    build = null;
  });
  return build;
}

let seller: { info: SellerInfo | null; expires: number; version: number } | null = null;

/**
 * The seller's public details for the footer's line and the product page's consumer care, read
 * once a minute or when the catalogue version moves (a save of the seller settings raises it;
 * null while they are not set).
 */
async function footerSeller(): Promise<SellerInfo | null> {
  const now = Date.now();
  const version = await readCatalogVersion().catch(() => -1);
  if (seller && seller.expires > now && seller.version === version) return seller.info;
  let info: SellerInfo | null = null;
  try {
    info = await sellerInfo();
  } catch {
    // not set yet, or unreadable: the page goes without the line rather than failing
  }
  // Not set yet (a fresh project, the demo data still loading): asked again soon.
  seller = { info, expires: now + (info ? 60_000 : 5_000), version };
  return info;
}

/** A signed link's service: its view, or the message of a 4xx (a bad or forged token) for the page to draw. */
async function signedLink<T>(run: () => Promise<T>): Promise<SignedLinkAnswer<T>> {
  try {
    return { ok: true, view: await run() };
  } catch (error) {
    if (error instanceof HttpError && error.status >= 400 && error.status < 500) return { ok: false, message: error.message };
    throw error;
  }
}

/** What the route loaders read, for one request (`origin`: the shop's address for canonical URLs). */
export function pageServices(origin: string): PageServices {
  return {
    async product(id) {
      try {
        return await getProduct(id);
      } catch (error) {
        if (error instanceof Error && error.message === PRODUCT_NOT_FOUND) return null;
        throw error;
      }
    },
    category: (category) => listProducts(category),
    products: () => listProducts(),
    search: (q) => searchProducts(q),
    seller: footerSeller,
    async topReviews(productId, count) {
      try {
        return await topReviews(productId, count);
      } catch (error) {
        logFault('product page reviews', error);
        return [];
      }
    },
    deliveryQuote: async (pin) => (await deliveryQuote(pin)).quote,
    deliveryPolicy: () => deliveryPolicy(),
    unsubscribePreview: (token) => signedLink(() => previewUnsubscribe(token)),
    unsubscribe: (token) => signedLink(() => unsubscribe(token)),
    confirmAlert: (token) =>
      signedLink(async () => {
        const alert = await confirmAlert(token);
        return { productName: alert.productName, variantLabel: alert.variantLabel, productId: alert.productId, variantId: alert.variantId };
      }),
    notifyMe: (input) =>
      signedLink(async () => {
        const parsed = alertCreateSchema.safeParse(input);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
        await createAlert(null, parsed.data);
        return {
          message: `Check ${parsed.data.email ?? 'your inbox'}: confirm with the link we sent, and we will tell you when it is back`,
        };
      }),
    origin,
  };
}

/** The web build's server bundle (lib/web/server/index.js). */
interface ServerBuild {
  pageHandler(context: (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => PageLoadContext): RequestHandler;
}

let handler: Promise<RequestHandler> | null = null;

/** React Router's request handler for the shop's pages, given `context` per request. */
export function pageHandler(
  context: (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => PageLoadContext,
): Promise<RequestHandler> {
  handler ??= (import(new URL('server/index.js', webDir()).href) as Promise<ServerBuild>).then((build) => build.pageHandler(context));
  handler.catch(() => {
    handler = null;
  });
  return handler;
}

const newest = (dates: string[], fallback: string) => dates.reduce((a, b) => (b > a ? b : a), fallback);

/** sitemap.xml: every public page and every product, each with its lastmod. */
export async function sitemap(origin: string): Promise<string> {
  const [{ builtAt }, products] = await Promise.all([webBuild(), listProducts()]);
  const entries: { loc: string; lastmod: string }[] = [];
  // The table of public routes (domain/src/public-routes.ts) says which pages are listed and how
  // their lastmod is known.
  for (const route of PUBLIC_ROUTES) {
    if (route.sitemap === 'build') entries.push({ loc: `${origin}${route.path}`, lastmod: builtAt });
    if (route.sitemap === 'catalog') {
      const category = CATEGORIES.find((c) => route.path === `/${c}`);
      const updated = products.filter((p) => !category || p.category === category).map((p) => p.updatedAt);
      entries.push({ loc: `${origin}${route.path}`, lastmod: newest(updated, builtAt) });
    }
    if (route.sitemap === 'products')
      for (const p of products) entries.push({ loc: `${origin}${productPath(p._id)}`, lastmod: p.updatedAt });
  }
  // Each page in both languages, each naming the other (hreflang) and the default (docs/i18n.md).
  const urls = entries.flatMap((e) => {
    const path = e.loc.slice(origin.length);
    const links = [
      ...LOCALES.map((l) => ({ lang: l, href: `${origin}${localizedPath(path, l)}` })),
      { lang: 'x-default', href: `${origin}${path}` },
    ]
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.lang}" href="${escapeHtml(a.href)}"/>`)
      .join('');
    return LOCALES.map(
      (l) => `  <url><loc>${escapeHtml(`${origin}${localizedPath(path, l)}`)}</loc><lastmod>${e.lastmod}</lastmod>${links}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The shop's own address for canonical URLs: `APP_ORIGIN` when set (production; config.ts), else the address the request was made to.
 */
export function siteOrigin(headers: { host?: string; forwardedHost?: string; protocol: string }): string {
  const configured = serverConfig().appOrigin;
  if (configured) return configured.replace(/\/+$/, '');
  const local = `${EMULATOR_HOST}:${LOCAL_PORTS.hosting}`;
  const host = (headers.forwardedHost ?? headers.host ?? local).split(',')[0]?.trim() ?? local;
  const safeHost = /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? host : local;
  return `${headers.protocol === 'https' ? 'https' : 'http'}://${safeHost}`;
}
