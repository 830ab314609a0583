/**
 * HTML that explains itself before JavaScript runs (docs/search-and-seo.md): product pages
 * (the built SPA shell with the product's title, description, canonical URL, Open Graph,
 * Twitter and JSON-LD tags), category and search pages, each with the app's markup drawn from
 * its data (docs/decisions/0020-prerendered-public-pages.md), and the sitemap. The shell is the web build's `shell.html`,
 * copied next to the function bundle by web/vite.config.ts (lib/web/shell.html).
 */
import { readFile } from 'node:fs/promises';
import {
  applyListQuery,
  CATEGORIES,
  categoryApiPath,
  DEFAULT_LIST_QUERY,
  DEFAULT_SELLER_NAME,
  docIdSchema,
  EMULATOR_HOST,
  escapeHtml,
  LOCAL_PORTS,
  notFoundMeta,
  parseSearchText,
  prerenderedHtml,
  productMeta,
  productApiPath,
  productPath,
  searchApiPath,
  sellerSettingsFromData,
  shellMeta,
  STATIC_PAGES,
  staticPageMeta,
  withHeadTags,
  type Category,
  type Product,
  JSON_LD_REVIEWS,
  type PublicReview,
} from '@bagshop/domain';
import { serverConfig } from '../config.js';
import { db } from '../lib/admin.js';
import { plainData } from '../lib/firestore-data.js';
import { logFault } from '../lib/logs.js';
import { getProduct, listProducts, PRODUCT_NOT_FOUND } from './catalog.js';
import { topReviews } from './reviews/reviews.js';
import { searchProducts } from './search.js';

/** Where the web build put the shell and its build facts; BAGSHOP_WEB_DIR overrides (tests). */
function webDir(): URL {
  const dir = serverConfig().webDir;
  return dir ? new URL(`file://${dir.replace(/\/?$/, '/')}`) : new URL('./web/', import.meta.url);
}

interface WebBuild {
  shell: string;
  /** When the SPA was built: the lastmod of the pages that only change with a deploy. */
  builtAt: string;
}

let build: Promise<WebBuild> | null = null;

export function webBuild(): Promise<WebBuild> {
  build ??= (async () => {
    const dir = webDir();
    const [shell, facts] = await Promise.all([readFile(new URL('shell.html', dir), 'utf8'), readFile(new URL('build.json', dir), 'utf8')]);
    const { builtAt } = JSON.parse(facts) as { builtAt?: unknown };
    return { shell, builtAt: typeof builtAt === 'string' ? builtAt : new Date(0).toISOString() };
  })();
  build.catch(() => {
    build = null;
  });
  return build;
}

let seller: { name: string; expires: number } | null = null;

/**
 * The legal name of the seller (`settings/seller.legalName`, kept by the admin; docs/
 * search-and-seo.md), for the Offer's seller; 'Bagshop' until it is set. Read once a minute.
 */
export async function sellerName(): Promise<string> {
  const now = Date.now();
  if (seller && seller.expires > now) return seller.name;
  let name = DEFAULT_SELLER_NAME;
  try {
    const legal = sellerSettingsFromData(plainData((await db.doc('settings/seller').get()).data()))?.legalName.trim();
    if (legal) name = legal;
  } catch {
    // keep the default: a missing or unreadable setting must not break the page
  }
  seller = { name, expires: now + 60_000 };
  return name;
}

export interface PageResponse {
  status: 200 | 404;
  html: string;
  /** The page's data could not be read: sent without markup, and not to be cached. */
  degraded?: true;
}

/** A product page: 200 with the product's tags, or 404 with the shell (the SPA shows its 404 page). */
export async function productPage(id: string, origin: string, variantId?: string): Promise<PageResponse> {
  const { shell } = await webBuild();
  let product: Product;
  try {
    if (!docIdSchema.safeParse(id).success) throw new Error(PRODUCT_NOT_FOUND);
    product = await getProduct(id);
  } catch (error) {
    if (error instanceof Error && error.message === PRODUCT_NOT_FOUND)
      return { status: 404, html: withHeadTags(shell, notFoundMeta(origin)) };
    throw error;
  }
  return {
    status: 200,
    // `?variant=<id>`: that variant's price, pictures and JSON-LD offer (docs/variants.md).
    html: await withMarkup(
      withHeadTags(shell, productMeta(product, origin, await sellerName(), variantId, await markupReviews(product))),
      variantId && product.variants?.some((v) => v._id === variantId)
        ? `${productPath(product._id)}?variant=${encodeURIComponent(variantId)}`
        : productPath(product._id),
      'product',
      {
        [productApiPath(product._id)]: product,
      },
    ),
  };
}

/** The reviews the rating markup names (docs/reviews.md); none when there are none, or when they cannot be read. */
async function markupReviews(product: Product): Promise<PublicReview[]> {
  if (!product.rating?.count) return [];
  try {
    return await topReviews(product._id, JSON_LD_REVIEWS);
  } catch (error) {
    logFault('product page reviews', error);
    return [];
  }
}

/** The web build's server renderer (lib/web/prerender/, written by web/vite.config.ts). */
interface Renderer {
  renderPage(path: string, preloaded?: Record<string, unknown>): Promise<{ body: string; lazy: string[] }>;
}

let renderer: Promise<Renderer> | null = null;

function loadRenderer(): Promise<Renderer> {
  renderer ??= import(new URL('prerender/prerender.js', webDir()).href) as Promise<Renderer>;
  renderer.catch(() => {
    renderer = null;
  });
  return renderer;
}

/**
 * A category page (`/luggage?sort=…`): the category's tags, and the app's markup drawn from the
 * list `GET /api/products/category/<category>` answers (featured order; the page applies the
 * URL's filters and sort itself, from `search`, so the server draws the grid the browser
 * will). If the list cannot be read or the page not rendered, the page has the tags only (the
 * app renders it in the browser), and the failure is logged.
 */
export async function categoryPage(category: Category, search: string, origin: string): Promise<PageResponse> {
  const { shell } = await webBuild();
  const meta = STATIC_PAGES.find((p) => p.path === `/${category}`) ?? STATIC_PAGES[0];
  const page = withHeadTags(shell, staticPageMeta(meta, origin));
  let products: Product[];
  try {
    products = applyListQuery(await listProducts(category), DEFAULT_LIST_QUERY);
  } catch (error) {
    logFault('category page data', error);
    return { status: 200, html: page, degraded: true };
  }
  const html = await withMarkup(page, `/${category}${search}`, 'category', { [categoryApiPath(category)]: products });
  return { status: 200, html };
}

/**
 * The search page (`/search?q=…&sort=…`): the shell's tags (robots.txt keeps crawlers away),
 * and the app's markup drawn from what `GET /api/products/search?q=` answers. `q` is read as
 * the page reads it (the first one, trimmed); without a usable one the page is drawn without
 * results, as the app shows it. Failures as for a category page.
 */
export async function searchPage(search: string, origin: string): Promise<PageResponse> {
  const { shell } = await webBuild();
  const page = withHeadTags(shell, shellMeta(origin));
  const text = parseSearchText(new URLSearchParams(search).get('q') ?? '');
  let data: Record<string, unknown> | undefined;
  if (text.ok) {
    try {
      data = { [searchApiPath(text.q)]: applyListQuery(await searchProducts(text.q), DEFAULT_LIST_QUERY, { soldOutLast: false }) };
    } catch (error) {
      logFault('search page data', error);
      return { status: 200, html: page, degraded: true };
    }
  }
  return { status: 200, html: await withMarkup(page, `/search${search}`, 'search', data) };
}

/**
 * `page` with the app's markup for `path` in `#root`, drawn from `data` (API answers by the path
 * the app asks for them), which goes into the page's JSON data block
 * (docs/decisions/0020-prerendered-public-pages.md): it paints, LCP image included, before any
 * JavaScript runs, and the app hydrates it. If rendering fails, `page` as it is (the app renders
 * it in the browser), and the failure is logged.
 */
async function withMarkup(
  page: string,
  path: string,
  screen: 'product' | 'category' | 'search',
  data?: Record<string, unknown>,
): Promise<string> {
  try {
    const { body, lazy } = await (await loadRenderer()).renderPage(path, data);
    return prerenderedHtml(page, body, { screen, data, lazy });
  } catch (error) {
    logFault(`${screen} page prerender`, error);
    return page;
  }
}

/** The shell with the site's own tags, for when a product cannot be read (the SPA takes over). */
export async function fallbackPage(origin: string): Promise<string> {
  return withHeadTags((await webBuild()).shell, shellMeta(origin));
}

/** The public pages besides products; the category pages' lastmod is their newest product's. */
const INFO_PAGES = [
  '/shipping',
  '/returns',
  '/warranty',
  '/contact',
  // The footer's policy and disclosure pages (the privacy notice since issue 26).
  '/grievance',
  '/seller',
  '/privacy',
  '/refunds',
  '/cancellation',
] as const;

const newest = (dates: string[], fallback: string) => dates.reduce((a, b) => (b > a ? b : a), fallback);

/** sitemap.xml: every public page and every product, each with its lastmod. */
export async function sitemap(origin: string): Promise<string> {
  const [{ builtAt }, products] = await Promise.all([webBuild(), listProducts()]);
  const entries: { loc: string; lastmod: string }[] = [];
  const updated = products.map((p) => p.updatedAt);
  entries.push({ loc: `${origin}/`, lastmod: newest(updated, builtAt) });
  for (const category of CATEGORIES) {
    entries.push({
      loc: `${origin}/${category}`,
      lastmod: newest(
        products.filter((p) => p.category === category).map((p) => p.updatedAt),
        builtAt,
      ),
    });
  }
  for (const path of INFO_PAGES) entries.push({ loc: `${origin}${path}`, lastmod: builtAt });
  for (const p of products) entries.push({ loc: `${origin}${productPath(p._id)}`, lastmod: p.updatedAt });
  const urls = entries.map((e) => `  <url><loc>${escapeHtml(e.loc)}</loc><lastmod>${e.lastmod}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
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
