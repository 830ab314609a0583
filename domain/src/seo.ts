/**
 * The tags a page's HTML carries before JavaScript runs (docs/search-and-seo.md): title,
 * description, canonical URL, Open Graph and Twitter tags, and JSON-LD. Written into the
 * built HTML of the static pages at build time (web/vite.config.ts) and into each product
 * page by the function (functions/src/pages/render.ts), from the same code.
 */

export const SITE_NAME = 'Bagshop';
export const DEFAULT_SELLER_NAME = 'Bagshop';
/** The site's own preview picture (1200 × 630 JPEG in web/public/og/). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export interface PageMeta {
  /** The `<title>`. */
  title: string;
  /** og:title / twitter:title (defaults to the title). */
  shareTitle?: string;
  description: string;
  /** Absolute URL; left out for pages that have none (the generic shell). */
  canonical?: string;
  /** Absolute URL of a JPEG or PNG. */
  image: string;
  imageAlt: string;
  /** Known for the site's own pictures. */
  imageSize?: { width: number; height: number };
  type: 'website' | 'product';
  /** Whole rupees, for product:price:amount. */
  price?: number;
  noindex?: boolean;
  jsonLd?: object[];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

/** JSON for a <script> element: `<` is escaped so no text can close the element early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Rupees as schema.org and Open Graph want them: '3149.00'. */
export function priceAmount(rupees: number): string {
  return rupees.toFixed(2);
}

/** At most `max` characters, cut at a word, with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** One `<head>` tag as React Router's `meta` export describes it (web/src/app/routes/*.tsx). */
export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string }
  | { 'script:ld+json': object };

/** A page's `<head>` tags as route `meta` descriptors (React Router renders and escapes them). */
export function metaTags(meta: PageMeta): MetaTag[] {
  const tags: MetaTag[] = [];
  const share = meta.shareTitle ?? meta.title;
  const p = (property: string, content: string) => tags.push({ property, content });
  const n = (name: string, content: string) => tags.push({ name, content });
  tags.push({ title: meta.title });
  n('description', meta.description);
  if (meta.noindex) n('robots', 'noindex');
  if (meta.canonical) tags.push({ tagName: 'link', rel: 'canonical', href: meta.canonical });
  p('og:site_name', SITE_NAME);
  p('og:locale', 'en_IN');
  p('og:type', meta.type);
  p('og:title', share);
  p('og:description', meta.description);
  if (meta.canonical) p('og:url', meta.canonical);
  p('og:image', meta.image);
  p('og:image:type', /\.png($|\?)/i.test(meta.image) ? 'image/png' : 'image/jpeg');
  if (meta.imageSize) {
    p('og:image:width', String(meta.imageSize.width));
    p('og:image:height', String(meta.imageSize.height));
  }
  p('og:image:alt', meta.imageAlt);
  if (meta.price !== undefined) {
    p('product:price:amount', priceAmount(meta.price));
    p('product:price:currency', 'INR');
  }
  n('twitter:card', 'summary_large_image');
  n('twitter:title', share);
  n('twitter:description', meta.description);
  n('twitter:image', meta.image);
  n('twitter:image:alt', meta.imageAlt);
  for (const data of meta.jsonLd ?? []) tags.push({ 'script:ld+json': data });
  return tags;
}

/**
 * The pages with tags of their own besides products, with the picture each shares (their route
 * modules' `meta` exports draw them).
 */
export const STATIC_PAGES = [
  {
    path: '/',
    title: 'Bagshop — Luggage, Backpacks & Duffles',
    description:
      'Luggage, backpacks and duffles delivered across India. Free shipping on all orders, 7-day returns and a lifetime warranty.',
    image: '/og/home.jpg',
    imageAlt: 'A Bagshop trolley and backpack',
  },
  {
    path: '/luggage',
    title: 'Luggage Bags · Bagshop',
    description:
      'Cabin and check-in trolleys in polycarbonate, aluminium and soft fabric, with spinner wheels and TSA locks. Free shipping across India.',
    image: '/og/luggage.jpg',
    imageAlt: 'Bagshop cabin and check-in trolleys',
  },
  {
    path: '/backpacks',
    title: 'Backpacks · Bagshop',
    description: 'Laptop, hiking, school and travel backpacks and daypacks from 15 to 65 litres. Free shipping across India.',
    image: '/og/backpacks.jpg',
    imageAlt: 'Bagshop backpacks and daypacks',
  },
  {
    path: '/duffles',
    title: 'Duffles · Bagshop',
    description: 'Gym, weekend and expedition duffles and leather holdalls, waterproof and wheeled. Free shipping across India.',
    image: '/og/duffles.jpg',
    imageAlt: 'Bagshop duffles and holdalls',
  },
] as const;

/** The tags of every page without tags of its own (the SPA shell): no canonical URL. */
export function shellMeta(origin: string): PageMeta {
  const home = STATIC_PAGES[0];
  return {
    title: home.title,
    description: home.description,
    image: `${origin}${home.image}`,
    imageAlt: home.imageAlt,
    imageSize: OG_IMAGE_SIZE,
    type: 'website',
  };
}

export function staticPageMeta(page: (typeof STATIC_PAGES)[number], origin: string): PageMeta {
  return {
    title: page.title,
    shareTitle: page.path === '/' ? page.title : page.title.replace(' · Bagshop', ' — Bagshop'),
    description: page.description,
    canonical: `${origin}${page.path}`,
    image: `${origin}${page.image}`,
    imageAlt: page.imageAlt,
    imageSize: OG_IMAGE_SIZE,
    type: 'website',
  };
}

/** The tags of the page an unknown product id gets (with a 404 status). */
export function notFoundMeta(origin: string): PageMeta {
  return { ...shellMeta(origin), title: `Page Not Found · ${SITE_NAME}`, noindex: true };
}
