// A visitor sent to sign in before something (Add to cart or Buy Now on a product page that
// JavaScript has not taken over yet: web/src/app/routes/product.tsx's action), and back after.

/** docs/spec.md §4's words. */
export const LOGIN_FIRST = 'You need to login first';

/** `/auth?reason=login-first&next=<path>`: the sign-in page says why, and returns to `next` after. */
export const signInFirstPath = (next: string) => `/auth?${new URLSearchParams({ reason: 'login-first', next }).toString()}`;

/** `next` if it is a path of this shop (never another site's address), else null. */
export function safeNext(next: string | null): string | null {
  // Control characters refused (issue 37): browsers drop tabs and newlines from a URL, so "/\t/evil" is "//evil".
  // eslint-disable-next-line no-control-regex
  if (!next || /[\u0000-\u001f\u007f]/.test(next)) return null;
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/**
 * What a visitor asked for before signing in (`?then=add|buy&t=`) is done only after a sign-in
 * that this browser's own form started (issue 37): the product page's action sets a one-time
 * cookie and puts its value in `t`; the page acts only when the two match, then forgets both.
 * A link or another site's form that carries `then=` adds nothing.
 */
export const THEN_COOKIE = 'bagshop_then';
const THEN_MAX_AGE_S = 15 * 60;

export function newThenToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const thenCookieHeader = (token: string) => `${THEN_COOKIE}=${token}; Path=/; Max-Age=${THEN_MAX_AGE_S}; SameSite=Strict`;

/** True once, for the token the action set in this browser; the cookie is cleared either way. */
export function takeThenToken(token: string | null): boolean {
  if (typeof document === 'undefined') return false;
  const stored = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === THEN_COOKIE)?.[1];
  document.cookie = `${THEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
  return Boolean(token && stored && token === stored);
}

/** `then=` asked for by the app itself (a tap before the session was known): the same token, set here. */
export function withThenToken(path: string): string {
  const token = newThenToken();
  document.cookie = thenCookieHeader(token);
  return `${path}${path.includes('?') ? '&' : '?'}t=${token}`;
}
