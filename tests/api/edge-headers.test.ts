// The edge as a browser meets it, through the Hosting emulator (which applies firebase.json's
// headers, here the local set written by scripts/lib/hosting-headers.ts): the security
// headers on each kind of response (pages: the function's policy with a per-response nonce,
// docs/decisions/0034-react-router-framework-mode.md; files: a policy that lets nothing run),
// and JSON for every odd /api path.
import { describe, expect, it } from 'vitest';
import { api, createTestUser } from '../support/api';
import { hostingUrl } from '../support/emulators';

async function head(path: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; text: string }> {
  // As a browser asks for a page (an unknown path asked as HTML is the 404 page, not JSON).
  const res = await fetch(`${await hostingUrl()}${path}`, { ...init, headers: { Accept: 'text/html,*/*;q=0.8', ...init.headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function directive(policy: string, name: string): string[] {
  const part = policy
    .split(';')
    .map((p) => p.trim().split(/\s+/))
    .find(([key]) => key === name);
  return part?.slice(1) ?? [];
}

/** The headers every page, asset and static file of the shop carries besides its policy. */
function expectSecurityHeaders(headers: Headers, what: string) {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy'), what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(headers.get('strict-transport-security'), what).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
}

/** A file of the shop (a built asset, a picture, robots.txt): a policy under which nothing runs or loads. */
function expectFileHeaders(headers: Headers, what: string) {
  const policy = headers.get('content-security-policy') ?? '';
  expect(directive(policy, 'default-src'), what).toEqual(["'none'"]);
  expect(directive(policy, 'script-src'), what).toEqual([]);
  expect(directive(policy, 'frame-ancestors'), what).toEqual(["'none'"]);
  expectSecurityHeaders(headers, what);
}

/** What every page carries: the function's policy, whose scripts are its own files and the response's nonce. */
function expectPageHeaders(headers: Headers, what: string) {
  const policy = headers.get('content-security-policy') ?? '';
  expect(policy, what).not.toBe('');
  expect(headers.get('content-security-policy'), what).not.toContain(',');
  const scripts = directive(policy, 'script-src');
  expect(scripts, what).toContain("'self'");
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(
    scripts.some((s) => /^'nonce-[A-Za-z0-9+/]{16,}={0,2}'$/.test(s)),
    what,
  ).toBe(true);
  expect(directive(policy, 'object-src'), what).toEqual(["'none'"]);
  expect(directive(policy, 'base-uri'), what).toEqual(["'self'"]);
  expect(directive(policy, 'frame-ancestors'), what).toEqual(["'none'"]);
  expect(directive(policy, 'img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
  // The local build talks to the Auth and Firestore emulators, and nothing else.
  const connect = directive(policy, 'connect-src');
  expect(connect[0], what).toBe("'self'");
  expect(
    connect.slice(1).every((s) => /^http:\/\/127\.0\.0\.1:\d+$/.test(s)),
    what,
  ).toBe(true);
  expect(connect, what).toHaveLength(3);
  expectSecurityHeaders(headers, what);
}

/** What every API answer carries instead (functions/src/http/app.ts). */
function expectApiHeaders(headers: Headers, what: string) {
  expect(headers.get('content-type'), what).toMatch(/^(application\/json|image\/)/);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('content-security-policy'), what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(headers.get('x-frame-options'), what).toBe('DENY');
}

describe('security headers on every kind of response', () => {
  it('the home page, a deep SPA route and the 404 page', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/admin/users', 200],
      ['/orders/anything', 200],
      ['/no-such-page', 404],
    ] as const) {
      const res = await head(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expectPageHeaders(res.headers, path);
    }
    // Product pages come from the function (docs/search-and-seo.md): an unknown one is a real 404, with the page headers all the same.
    const missing = await head('/product/anything');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expectPageHeaders(missing.headers, '/product/anything');
  });

  it('every script of a page carries the nonce its own policy names, and each response has its own', async () => {
    const nonces: string[] = [];
    for (const path of ['/', '/luggage', '/product/voyager-hardshell-cabin-trolley-55-cm', '/cart']) {
      const res = await head(path);
      const nonce = /'nonce-([^']+)'/.exec(directive(res.headers.get('content-security-policy') ?? '', 'script-src').join(' '))?.[1];
      expect(nonce, path).toBeDefined();
      nonces.push(nonce ?? '');
      const scripts = [...res.text.matchAll(/<script\b([^>]*)>/g)]
        .map((m) => m[1] ?? '')
        .filter((attrs) => !attrs.includes('application/ld+json'));
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const attrs of scripts) expect(attrs, path).toContain(`nonce="${nonce}"`);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('a hashed asset (cached for a year) and public files (a day)', async () => {
    const html = (await head('/')).text;
    // The framework's entry, preloaded by every page.
    const asset = /<link rel="modulepreload" href="(\/assets\/entry\.client-[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const js = await head(asset ?? '');
    expect(js.status).toBe(200);
    expectFileHeaders(js.headers, asset ?? '');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/hero-bag.webp', '/favicon.svg', '/robots.txt']) {
      const res = await head(path);
      expect(res.status, path).toBe(200);
      expectFileHeaders(res.headers, path);
    }
    expect((await head('/hero-bag.webp')).headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('public API reads: nosniff, cacheable, not the page policy', async () => {
    const res = await api<{ data: { image: { url: string; hash: string } }[] }>('products');
    expect(res.status).toBe(200);
    expectApiHeaders(res.headers, 'GET /api/products');
    expect(res.headers.get('cache-control')).toMatch(/^public, /);
    // Other suites add products without a picture: take one with a stored image (the demo ones).
    const withImage = res.body.data.find((p) => /^[0-9a-f]{64}$/.test(p.image.hash));
    expect(withImage).toBeDefined();
    const image = await fetch(`${await hostingUrl()}${withImage?.image.url ?? ''}`);
    expect(image.status).toBe(200);
    expectApiHeaders(image.headers, 'GET /api/images/…');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('private API answers and errors: no-store', async () => {
    const user = await createTestUser();
    const me = await api('users/currentUser', { token: user.idToken });
    expect(me.status).toBe(200);
    expectApiHeaders(me.headers, 'GET /api/users/currentUser');
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    const cart = await api('cart', { token: user.idToken });
    expect(cart.headers.get('cache-control')).toBe('private, no-store');
    for (const res of [
      await api('cart'),
      await api('order/all', { token: user.idToken }),
      await api('users/signin', { method: 'POST', body: {} }),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expectApiHeaders(res.headers, `error ${res.status}`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('a miss on a product id or image hash: JSON 404, cacheable for 30 s', async () => {
    for (const path of ['products/nosuchproduct00000001', `images/${'0'.repeat(64)}`]) {
      const res = await api(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toMatchObject({ success: false });
      expectApiHeaders(res.headers, path);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=30, s-maxage=30');
    }
  });
});

describe('every odd /api path answers JSON, never HTML', () => {
  // Through Hosting. Paths whose %-escapes do not decode, and %2e%2e dot segments, are answered
  // by the emulators' own proxies before the function (docs/security.md); the function's answer
  // to those is covered by functions/src/http/app.test.ts.
  const table: [method: string, path: string, status: number][] = [
    ['GET', '/api', 404],
    ['GET', '/api/', 404],
    ['GET', '/api/nope', 404],
    ['GET', '/api/.env', 404],
    ['GET', '/api/.git/config', 404],
    ['GET', '/api//products', 404],
    ['GET', '/api/products/a/b/c', 404],
    ['GET', '/api/users/%2e%2e%2fcurrentUser', 404],
    ['POST', '/api/cart/..%2F..%2Fusers', 401],
    ['GET', '/api/cart/..%2F..%2Fusers', 405],
    ['GET', '/api/products/..%2F..%2Fusers', 404],
    ['GET', '/api/order/..%2Fall', 401],
    ['GET', '/api/images/..%2F..%2Fproducts', 400],
    ['GET', '/api/products/%00', 404],
    ['PUT', '/api/products', 405],
    ['DELETE', '/api/products', 405],
    ['POST', '/api/products/someid', 405],
    ['DELETE', '/api/health', 405],
    ['GET', '/api/payment/webhook', 405],
    ['PATCH', '/api/users/signin', 405],
    ['GET', '/api/users/signup', 405],
    ['PATCH', '/api/products', 405],
    ['GET', '/api/order', 405],
    ['POST', '/api/admin/dashboard', 405],
  ];

  it.each(table)('%s %s → %i JSON', async (method, path, status) => {
    const res = await fetch(`${await hostingUrl()}${path}`, { method });
    const text = await res.text();
    expect(res.status, text.slice(0, 200)).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(text).not.toMatch(/<html|<!doctype/i);
    expect(JSON.parse(text)).toMatchObject({ success: false, message: expect.any(String) });
    if (status === 405) expect(res.headers.get('allow')).toMatch(/^[A-Z, ]+$/);
  });
});
