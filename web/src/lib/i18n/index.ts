import { basePath, DEFAULT_LOCALE, localeOfPath, localizedPath, type Locale } from '@bagshop/domain';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { useContext } from 'react';
import { UNSAFE_LocationContext as LocationContext } from 'react-router';
import { EN_IN, type MessageKey } from './en-IN';
import { HI_IN } from './hi-IN';

// The web app's texts in the shop's two languages (issue 44, docs/i18n.md). The language of a
// page is in its path (`/hi/...` is Hindi): the same on the server and in the browser, so the
// server's HTML and the hydrated page agree. Numbers and dates stay en-IN (formatINR, dates.ts).

export type { MessageKey } from './en-IN';
export type Values = Record<string, PrimitiveType>;

export const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { 'en-IN': EN_IN, 'hi-IN': HI_IN };

const compiled = new Map<string, IntlMessageFormat>();

/** One message in `locale`, its ICU arguments filled in. Numbers in messages are en-IN digits in both languages. */
export function translate(locale: Locale, key: MessageKey, values?: Values): string {
  const id = `${locale}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    // `en-IN` formats `{n, number}` in both: Indian Hindi sites keep Latin digits and lakh grouping.
    format = new IntlMessageFormat(CATALOGUES[locale][key], locale === 'hi-IN' ? ['hi-IN', 'en-IN'] : 'en-IN', undefined, {
      ignoreTag: true,
    });
    compiled.set(id, format);
  }
  const text = format.format(values);
  return typeof text === 'string' ? text : String(text);
}

export interface I18n {
  locale: Locale;
  t: (key: MessageKey, values?: Values) => string;
  /** A storefront path of the default language, in this page's language ('/luggage' → '/hi/luggage'). */
  path: (to: string) => string;
}

export function i18nFor(locale: Locale): I18n {
  return { locale, t: (key, values) => translate(locale, key, values), path: (to) => localizedPath(to, locale) };
}

/** The current page's language and its texts (from the path: SSR and browser alike). */
export function useI18n(): I18n {
  // Outside a router (a component drawn alone in a test), the default language.
  const pathname = (useContext(LocationContext) as { location?: { pathname: string } } | null)?.location?.pathname ?? '/';
  return i18nFor(localeOfPath(pathname));
}

/** The same page in the other language (the language switch): path, query and hash kept. */
export function otherLanguagePath(pathname: string, search: string, hash = ''): { locale: Locale; to: string } {
  const locale: Locale = localeOfPath(pathname) === DEFAULT_LOCALE ? 'hi-IN' : DEFAULT_LOCALE;
  return { locale, to: `${localizedPath(basePath(pathname), locale)}${search}${hash}` };
}
