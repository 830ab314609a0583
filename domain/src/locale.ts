// The shop's languages (issue 44, docs/i18n.md): en-IN, the default, at the plain paths, and
// hi-IN at the same paths under `/hi`. Shared by the web app (links, `<html lang>`, hreflang),
// the function (sitemap) and the profile's schema.

export const LOCALES = ['en-IN', 'hi-IN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-IN';

/** The path prefix of each language ('' for the default). */
export const LOCALE_PREFIX: Record<Locale, string> = { 'en-IN': '', 'hi-IN': '/hi' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The language a path is drawn in: `/hi` and `/hi/...` are Hindi, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/hi' || pathname.startsWith('/hi/') ? 'hi-IN' : 'en-IN';
}

/** A path without its language prefix: '/hi/luggage' → '/luggage', '/hi' → '/'. */
export function basePath(pathname: string): string {
  if (localeOfPath(pathname) === 'en-IN') return pathname;
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

/**
 * `path` (a path of the default language, maybe with a query or hash) in `locale`:
 * ('/luggage', 'hi-IN') → '/hi/luggage', ('/', 'hi-IN') → '/hi'. Paths outside the
 * storefront (/api, /admin) and absolute URLs stay as they are.
 */
export function localizedPath(path: string, locale: Locale): string {
  if (!path.startsWith('/') || path.startsWith('//') || /^\/(api|admin)(\/|$|\?)/.test(path)) return path;
  const prefix = LOCALE_PREFIX[locale];
  const base = localeOfPath(path.replace(/[?#].*$/, '')) === 'hi-IN' ? path.slice(3) || '/' : path;
  if (!prefix) return base;
  return base === '/' ? prefix : base.startsWith('/?') || base.startsWith('/#') ? `${prefix}${base.slice(1)}` : `${prefix}${base}`;
}
