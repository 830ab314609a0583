import {
  basePath,
  DEFAULT_SELLER_NAME,
  localeOfPath,
  localizedPath,
  metaTags,
  STATIC_PAGES,
  staticPageMeta,
  type MetaTag,
  type SellerInfo,
} from '@bagshop/domain';
import { translate, type MessageKey } from '../../lib/i18n';

/** What the root route's loader gives every page (web/src/app/root.tsx). */
export interface RootData {
  seller: SellerInfo | null;
  origin: string;
}

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

export const rootData = (matches: Matches): RootData | undefined => matches.find((m) => m?.id === 'root')?.data as RootData | undefined;

export const siteOrigin = (matches: Matches): string => rootData(matches)?.origin ?? '';

export const sellerName = (matches: Matches): string => rootData(matches)?.seller?.legalName || DEFAULT_SELLER_NAME;

/** The tags of a page of STATIC_PAGES (`/`, the categories): title, description, canonical URL, link previews. */
export function staticTags(path: string, matches: Matches): MetaTag[] {
  const locale = localeOfPath(path);
  const page = STATIC_PAGES.find((p) => p.path === basePath(path)) ?? STATIC_PAGES[0];
  const meta = staticPageMeta(page, siteOrigin(matches));
  if (locale === 'en-IN') return metaTags(meta);
  const name = page.path === '/' ? 'home' : page.path.slice(1);
  const title = translate(locale, `seo.${name}.title` as MessageKey);
  const shareTitle = page.path === '/' ? title : title.replace(' · Bagshop', ' — Bagshop');
  return localizeTags(
    metaTags({ ...meta, title, shareTitle, description: translate(locale, `seo.${name}.description` as MessageKey) }),
    path,
  );
}

/**
 * A page's tags in the language of its path (docs/i18n.md): the canonical URL and og:url are
 * the page's own (`/hi/...` for Hindi), og:locale says hi_IN. English pages' tags are unchanged.
 */
export function localizeTags(tags: MetaTag[], pathname: string): MetaTag[] {
  const locale = localeOfPath(pathname);
  if (locale === 'en-IN') return tags;
  const local = (href: string) => {
    const url = new URL(href, 'http://x');
    const path = localizedPath(`${url.pathname}${url.search}`, locale);
    return href.startsWith('/') ? path : `${url.origin}${path}`;
  };
  return tags.map((tag) => {
    if ('rel' in tag && tag.rel === 'canonical') return { ...tag, href: local(tag.href) };
    if ('property' in tag && tag.property === 'og:url') return { ...tag, content: local(tag.content) };
    if ('property' in tag && tag.property === 'og:locale') return { ...tag, content: 'hi_IN' };
    return tag;
  });
}

/** A plain page's `<title>`. */
export const titleTag = (title: string): MetaTag[] => [{ title: `${title} · Bagshop` }];

/**
 * A public page without tags of its own (the policies, contact): its title, and the site's
 * description and link preview (the home page's), without a canonical URL.
 */
export function siteTags(title: string, matches: Matches): MetaTag[] {
  const home = metaTags({ ...staticPageMeta(STATIC_PAGES[0], siteOrigin(matches)), canonical: undefined });
  return [...titleTag(title), ...home.filter((tag) => !('title' in tag))];
}
