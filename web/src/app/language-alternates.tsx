import { basePath, isPagePath, LOCALES, localizedPath } from '@bagshop/domain';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { RootData } from './routes/seo';

/**
 * `<link rel="alternate" hreflang>` for every shop page: itself in each language and the
 * default (x-default: the English page), absolute with the shop's origin (docs/i18n.md). Pages
 * outside the storefront (the admin's, unknown paths) have none.
 */
export function LanguageAlternates() {
  const { pathname } = useLocation();
  const origin = useRouteLoaderData<RootData>('root')?.origin ?? '';
  const base = basePath(pathname.replace(/(.)\/+$/, '$1'));
  if (base.startsWith('/admin') || !isPagePath(base)) return null;
  return (
    <>
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={`${origin}${localizedPath(base, locale)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${base}`} />
    </>
  );
}
