import { DEFAULT_SELLER_NAME, metaTags, STATIC_PAGES, staticPageMeta, type MetaTag, type SellerInfo } from '@bagshop/domain';

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
  const page = STATIC_PAGES.find((p) => p.path === path) ?? STATIC_PAGES[0];
  return metaTags(staticPageMeta(page, siteOrigin(matches)));
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
