// Putting server-rendered markup into a built page (docs/decisions/0020-prerendered-public-pages.md).
// Used at build time (web/vite.config.ts: /) and by the page function (functions/src/services/pages.ts:
// product, category and search pages). Plain string work: no DOM, no React.
import type { Category } from './categories.js';
import { escapeHtml } from './seo.js';

const ROOT_ELEMENT = '<div id="root"></div>';
const SCREEN_FILES = /(<script type="application\/json" id="bagshop-screen-files">)([^<]*)(<\/script>)/;
/** The JSON data block with the API answers a prerendered page was drawn from (web/src/lib/preloaded.tsx). */
export const PRELOADED_DATA_ID = 'bagshop-data';

/** The API path the product page asks for its product (`apiData()`'s path; the key of its preloaded answer). */
export const productApiPath = (id: string) => `products/${encodeURIComponent(id)}`;

/** The API path a category page asks for its products (`apiData()`'s path; the key of its preloaded answer). */
export const categoryApiPath = (category: Category) => `products/category/${category}`;

/**
 * The API path and query the search page asks for its results, as the browser builds it
 * (`URLSearchParams`, i.e. form encoding: space as `+`); the key of its preloaded answer.
 */
export const searchApiPath = (q: string) =>
  `products/search?q=${encodeURIComponent(q)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** JSON that cannot end the `<script type="application/json">` element it sits in. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Mantine's whole stylesheet (web/src/lib/full-styles.ts, ~250 KB): not linked in a prerendered
 * page's head (the screen's own CSS carries what its markup needs: web/src/features/catalog/
 * screen-styles.ts); the app loads it with the screen's chunk before hydrating. In the head it
 * held Lighthouse's first paint back by one or two seconds (docs/storefront.md).
 */
const AFTER_FIRST_PAINT_CSS = /\/full-styles-[^/]*\.css$/;

/** The entry's module script as Vite writes it into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
/** The preloads Vite writes for the entry's own imports. */
const ENTRY_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/**
 * On a drawn page the entry is named, not loaded: index.html's inline script loads it (and the
 * screen's chunks) once the page has painted (docs/decisions/0021-javascript-after-first-paint.md).
 */
export const ENTRY_META = 'bagshop-entry';

export function hasEmptyRoot(html: string): boolean {
  return html.includes(ROOT_ELEMENT);
}

/**
 * A built page with `body` (the app's server-rendered markup) in `#root`. Its first paint
 * needs no JavaScript, so the entry and its module preloads are fetched at low priority (after
 * the CSS and the LCP image) and only once that markup is on screen: the entry's script becomes
 * `<meta name="bagshop-entry">`, which index.html's inline script loads after the first paint. A
 * lazy `screen`'s markup needs its stylesheets (its CSS modules and the Mantine parts it uses)
 * before it paints: they are linked in the head (the loader finds them by address and adds
 * nothing); its chunks stay in the JSON block, for the inline script to fetch with the entry.
 * `data` (API answers by path, if any) goes into a JSON data block that the hydrating app reads
 * before its first render, so both renders agree. `lazy` (the
 * lazy pages the markup holds) goes into `#root`'s `data-lazy`: the app loads them before it hydrates.
 */
export function prerenderedHtml(
  html: string,
  body: string,
  options: { screen?: string | null; data?: Record<string, unknown>; lazy?: readonly string[] } = {},
): string {
  if (!hasEmptyRoot(html)) throw new Error('prerenderedHtml: the page has no empty #root');
  if (/<script\b/i.test(body)) throw new Error('prerenderedHtml: the markup holds a <script> (the CSP would block it)');
  // JavaScript waits for the first paint (docs/decisions/0021-javascript-after-first-paint.md):
  // the entry is named, its preloads and the screen's chunks are listed for after that paint.
  const afterPaint: string[] = [];
  let out = html
    .replace(ENTRY_SCRIPT, (_m, src: string) => `<meta name="${ENTRY_META}" content="${src}">`)
    .replace(ENTRY_PRELOAD, (_m, href: string) => {
      afterPaint.push(href);
      return '';
    });
  // The screen-files block becomes the list of files to fetch after the first paint, marked
  // `data-drawn`; the lazy `screen`'s stylesheets (but Mantine's whole file) go into the head.
  // Without that block nothing would run the entry the page now only names.
  const listed = SCREEN_FILES.exec(out);
  if (!listed) throw new Error('prerenderedHtml: the page has no screen-files block (index.html’s inline script starts the app from it)');
  const files = JSON.parse(listed[2] ?? '{}') as Record<string, string[]>;
  const own = options.screen ? (files[options.screen] ?? []) : [];
  const paintCss = own.filter((f) => f.endsWith('.css') && !AFTER_FIRST_PAINT_CSS.test(f));
  afterPaint.push(...own.filter((f) => !paintCss.includes(f)));
  out = out.replace(
    SCREEN_FILES,
    (_m, open: string, _json: string, close: string) => `${open.replace(/>$/, ' data-drawn>')}${jsonInHtml(afterPaint)}${close}`,
  );
  out = out.replace('</head>', () => `${paintCss.map((f) => `<link rel="stylesheet" href="${f}">`).join('')}</head>`);
  const data = options.data ? `<script type="application/json" id="${PRELOADED_DATA_ID}">${jsonInHtml(options.data)}</script>` : '';
  const lazy = options.lazy?.length ? ` data-lazy="${escapeHtml(options.lazy.join(' '))}"` : '';
  return out.replace(ROOT_ELEMENT, () => `${data}<div id="root"${lazy}>${body}</div>`);
}
