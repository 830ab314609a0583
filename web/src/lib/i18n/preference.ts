import { isLocale, type Locale } from '@bagshop/domain';
import { apiData } from '../api-client';
import { loadedAuth } from '../auth-loader';

// The shopper's chosen language (docs/i18n.md): a `locale` cookie for everyone (read in the
// browser only: pages are the same for everyone and cached, so the server never sees it), and
// `locale` on the profile when signed in (PATCH /api/users/me), which the signed-in screens follow.

const YEAR = 365 * 24 * 3600;

export function localeCookie(cookie = typeof document === 'undefined' ? '' : document.cookie): Locale | null {
  const value = /(?:^|;\s*)locale=([^;]+)/.exec(cookie)?.[1];
  return isLocale(value) ? value : null;
}

export function writeLocaleCookie(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = `locale=${locale}; path=/; max-age=${YEAR}; samesite=lax`;
}

/** The language switch was tapped: keep the choice in the cookie, and on the profile when signed in. */
export function rememberLocale(locale: Locale): void {
  writeLocaleCookie(locale);
  if (loadedAuth()?.currentUser) void apiData('users/me', { method: 'PATCH', body: { locale } }).catch(() => undefined);
}
