/**
 * Which requests the Hosting CDN may share between shoppers (docs/decisions/0031-reads-follow-changes.md).
 * The answers of these API reads are the same for everyone: the SPA sends them without
 * `Authorization` (a header the CDN would have to key on), and the function answers them
 * `public` with `Vary: Accept-Encoding` only. Paths are the API's, without `/api/` and the query.
 */
const PUBLIC_READS: readonly RegExp[] = [
  /^products(?:\/.*)?$/, // lists, search, a product, its reviews …
  /^seller$/,
  /^delivery(?:\/[^/]+)?$/, // the delivery promise and one PIN's quote
  /^images\/.+$/, // any width or format of a picture
];
/** …but not a shopper's own review or whether they may write one. */
const PRIVATE_UNDER_PUBLIC = /\/reviews\/(?:mine|eligibility)$/;

export function isPublicApiRead(path: string, method = 'GET'): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const p = (path.split('?')[0] ?? '').replace(/^\/+/, '').replace(/^api\//, '');
  return PUBLIC_READS.some((r) => r.test(p)) && !PRIVATE_UNDER_PUBLIC.test(p);
}

/**
 * Query parameters that only say where a visitor came from (campaign tags, ad click ids). No
 * page reads them, but the CDN keys on the whole query string: each distinct value would be a
 * miss that reaches the function. `utm_…` is any parameter with that prefix.
 */
export const TRACKING_PARAMS: readonly string[] = ['fbclid', 'gclid', 'gbraid', 'wbraid', 'msclkid', 'dclid', 'yclid', 'igshid'];

const isTracking = (name: string) => /^utm_/i.test(name) || TRACKING_PARAMS.includes(name.toLowerCase());

/**
 * Where to send a GET whose query carries tracking parameters: the same path (as Hosting passes
 * it on) with the rest of the query, in order. Null when there is nothing to drop. The path never
 * starts with two slashes (or a backslash), which a browser would read as another host.
 */
export function trackingFreeLocation(path: string, search: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return null;
  const parts = query.split('&').filter((part) => part !== '');
  const kept = parts.filter((part) => {
    const raw = part.split('=')[0] ?? '';
    let name = raw;
    try {
      name = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      name = raw;
    }
    return !isTracking(name);
  });
  if (kept.length === parts.length) return null;
  const safePath = `/${path.replace(/^[/\\]+/, '')}`;
  return `${safePath}${kept.length ? `?${kept.join('&')}` : ''}`;
}
