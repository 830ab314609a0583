// The edge as a browser meets it, through the Hosting emulator (which applies firebase.json's
// headers, here the local set written by scripts/lib/hosting-headers.ts): the security
// headers on each kind of response, and JSON for every odd /api path.
import { describe, expect, it } from 'vitest';
import { api, createTestUser } from '../support/api';
import { hostingUrl } from '../support/emulators';

async function head(path: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(`${await hostingUrl()}${path}`, init);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function directive(policy: string, name: string): string[] {
  const part = policy
    .split(';')
    .map((p) => p.trim().split(/\s+/))
    .find(([key]) => key === name);
  return part?.slice(1) ?? [];
}

/** What every page, asset and static file of the shop carries. */
function expectPageHeaders(headers: Headers, what: string) {
  const policy = headers.get('content-security-policy') ?? '';
  expect(policy, what).not.toBe('');
  const scripts = directive(policy, 'script-src');
  expect(scripts, what).toContain("'self'");
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(
    scripts.some((s) => s.startsWith("'sha256-")),
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
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy'), what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(headers.get('strict-transport-security'), what).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
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
    for (const path of ['/', '/admin/users', '/orders/anything', '/no-such-page']) {
      const res = await head(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expectPageHeaders(res.headers, path);
    }
    // Product pages come from the function (docs/search-and-seo.md): an unknown one is a real 404, with the page headers all the same.
    const missing = await head('/product/anything');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expectPageHeaders(missing.headers, '/product/anything');
  });

  it('the inline script of the page is exactly the one the CSP allows by hash', async () => {
    const res = await head('/');
    const inline = [...res.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    const { createHash } = await import('node:crypto');
    const hash = `'sha256-${createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64')}'`;
    expect(directive(res.headers.get('content-security-policy') ?? '', 'script-src')).toContain(hash);
  });

  it('a hashed asset (cached for a year) and public files (a day)', async () => {
    const html = (await head('/')).text;
    // The home page names its entry for the inline script (docs/decisions/0021-javascript-after-first-paint.md).
    const asset = /<meta name="bagshop-entry" content="(\/assets\/[^"]+\.js)">/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const js = await head(asset ?? '');
    expect(js.status).toBe(200);
    expectPageHeaders(js.headers, asset ?? '');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/hero-bag.webp', '/favicon.svg', '/robots.txt']) {
      const res = await head(path);
      expect(res.status, path).toBe(200);
      expectPageHeaders(res.headers, path);
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
