// The one source of the security headers Hosting sends (docs/security.md). `npm run headers`
// writes the production set into the committed firebase.json; `npm start` / `npm test` write
// the local set (the same, plus the emulator hosts in connect-src) into firebase.local.json.
// A unit test fails when the committed firebase.json differs from what this module produces.
import { createHash } from 'node:crypto';

export type HeadersTarget = { kind: 'production' } | { kind: 'local'; host: string; authPort: number; firestorePort: number };

export interface Header {
  key: string;
  value: string;
}

export interface HeaderRule {
  source?: string;
  regex?: string;
  headers: Header[];
}

/**
 * Every path except Firebase's reserved `/__/…` URLs (the auth handler and iframe bring their
 * own policy; ours would stop them being framed) and `/api`, `/api/…` (the function sets its
 * own headers: functions/src/http/app.ts). RE2 has no look-ahead, hence the spelled-out first
 * segment: empty, 1 character, 2 characters other than `__`, 3 other than `api`, or 4 and more.
 */
export const PAGE_PATHS_REGEX = '^/(?:|[^/]|[^/_][^/]|_[^/_]|[^/a][^/]{2}|a[^/p][^/]|ap[^/i]|[^/]{4,})(?:/.*)?$';

/** The `'sha256-…'` source of each classic or module inline script (not JSON data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** What the SPA talks to besides itself: Firebase Auth and Firestore, or their emulators. */
function connectSources(target: HeadersTarget): string[] {
  if (target.kind === 'local') {
    return [`http://${target.host}:${target.authPort}`, `http://${target.host}:${target.firestorePort}`];
  }
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://firestore.googleapis.com'];
}

/**
 * The Content-Security-Policy of the shop's pages. `indexHtml` is web/index.html: its inline
 * script is allowed by hash. In production Google sign-in's popup loads gapi from
 * apis.google.com and frames the auth domain, which must be the shop's own (README, deploy); the
 * phone check loads and frames Google's reCAPTCHA.
 * Styles allow 'unsafe-inline': Mantine writes style attributes and <style> elements at run time.
 */
export function contentSecurityPolicy(target: HeadersTarget, indexHtml: string): string {
  const production = target.kind === 'production';
  // Production only: the invisible reCAPTCHA Firebase Auth runs before an SMS code (web/src/lib/phone-check.ts).
  const recaptchaScripts = production ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];
  const recaptchaFrames = production ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] : [];
  const scripts = ["'self'", ...inlineScriptHashes(indexHtml), ...(production ? ['https://apis.google.com'] : []), ...recaptchaScripts];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', scripts],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...connectSources(target)]],
    ['frame-src', ["'self'", ...recaptchaFrames]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Browser features the shop never uses. Only names Chromium knows (unknown ones log warnings). */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export function securityHeaders(target: HeadersTarget, indexHtml: string): Header[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(target, indexHtml) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
    { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  ];
}

/** The whole `hosting.headers` list: the security headers, then the caching rules. */
export function hostingHeaders(target: HeadersTarget, indexHtml: string): HeaderRule[] {
  return [
    { regex: PAGE_PATHS_REGEX, headers: securityHeaders(target, indexHtml) },
    { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    { source: '**/*.@(webp|png|svg|ico)', headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] },
    // The link-preview pictures (docs/search-and-seo.md); not /api/images/*.jpg, which are immutable.
    { source: '/og/*.jpg', headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] },
  ];
}

/** The directive's sources, from a policy string (for checks and tests). */
export function directive(policy: string, name: string): string[] {
  for (const part of policy.split(';')) {
    const [key, ...values] = part.trim().split(/\s+/);
    if (key === name) return values;
  }
  return [];
}
