// What the Hosting CDN keys on (issue 30, docs/decisions/0031-reads-follow-changes.md): public
// answers are the same for everyone whatever identity a request carries, vary only on
// Accept-Encoding and are cacheable; campaign and click-id parameters are redirected away so a
// page has one cache entry however it was linked.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../support/api';
import { functionUrl, hostingUrl } from '../support/emulators';

let shopper: TestUser;
let origin: string;

beforeAll(async () => {
  [shopper, origin] = await Promise.all([createTestUser(), hostingUrl()]);
});

const varyOf = (res: Response) =>
  (res.headers.get('vary') ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');

describe('public reads', () => {
  it.each(['/api/products/category/luggage', '/api/products/search?q=trolley', '/api/seller', '/api/delivery/411001'])(
    '%s: the same answer with a token, a junk token or a cookie; public, Vary: Accept-Encoding only',
    async (path) => {
      const plain = await fetch(`${origin}${path}`);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('cache-control')).toMatch(/^public, /);
      // Hosting adds Authorization and Cookie to the Vary of every function answer: the CDN keys
      // on them, which is why public reads must carry neither (web/src/lib/api-client.ts).
      expect(varyOf(plain)).toEqual(expect.arrayContaining(['accept-encoding', 'authorization', 'cookie']));
      // The function itself varies on nothing but the encoding (Origin is the Functions emulator's CORS).
      const direct = await fetch(`${await functionUrl()}${path}`);
      expect(varyOf(direct).filter((v) => v !== 'origin')).toEqual(['accept-encoding']);
      const body = await plain.text();
      const variants: Record<string, string>[] = [
        { Authorization: `Bearer ${shopper.idToken}` },
        { Authorization: 'Bearer not-a-token' },
        { Cookie: '__session=someone' },
      ];
      for (const headers of variants) {
        const res = await fetch(`${origin}${path}`, { headers });
        expect(res.status, JSON.stringify(headers)).toBe(200);
        expect(res.headers.get('cache-control')).toBe(plain.headers.get('cache-control'));
        expect(await res.text()).toBe(body);
      }
    },
  );

  it('a private read still needs its token and is never stored', async () => {
    const cart = await fetch(`${origin}/api/cart`, { headers: { Authorization: `Bearer ${shopper.idToken}` } });
    expect(cart.status).toBe(200);
    expect(cart.headers.get('cache-control')).toBe('private, no-store');
    const anonymous = await fetch(`${origin}/api/cart`);
    expect(anonymous.status).toBe(401);
  });
});

describe('campaign and click-id parameters', () => {
  const get = (path: string, init: RequestInit = {}) => fetch(`${origin}${path}`, { redirect: 'manual', ...init });
  const target = (res: Response, from: string) => {
    const url = new URL(res.headers.get('location') ?? '', `${origin}${from}`);
    return `${url.pathname}${url.search}`;
  };

  it('a page or public read with utm_*, fbclid or gclid: 301 to the same URL without them, the rest kept', async () => {
    for (const [from, to] of [
      ['/luggage?utm_source=instagram&sort=price_asc&utm_campaign=diwali', '/luggage?sort=price_asc'],
      ['/search?q=cabin&fbclid=IwAR0abc', '/search?q=cabin'],
      ['/product/voyager-55?gclid=Cj0KCQ', '/product/voyager-55'],
      ['/api/products/category/backpacks?fbclid=x', '/api/products/category/backpacks'],
    ] as const) {
      const res = await get(from);
      expect(res.status, from).toBe(301);
      expect(target(res, from), from).toBe(to);
      expect(res.headers.get('cache-control'), from).toMatch(/^public, /);
    }
    // Followed, it lands on the page itself.
    const followed = await fetch(`${origin}/luggage?utm_medium=email`);
    expect(followed.status).toBe(200);
    expect(new URL(followed.url).search).toBe('');
  });

  it('nothing to drop, or not a GET: no redirect', async () => {
    expect((await get('/luggage?sort=newest')).status).toBe(200);
    expect((await get('/search?q=utm_source')).status).toBe(200);
    const post = await get('/api/order?utm_source=x', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(401);
  });
});
