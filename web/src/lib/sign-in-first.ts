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
