// The express app itself, without emulators: paths that never reach a handler (malformed
// %-escapes, unknown paths, wrong methods) and the per-IP limit on public reads. Every case
// here is answered before any Firestore or Auth call.
import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const servers: Server[] = [];
let base: string;

/** The API app on a free port, built with `publicReadLimit` as RATE_LIMIT_PUBLIC_READ. */
async function startApp(publicReadLimit: number): Promise<string> {
  process.env.RATE_LIMIT_PUBLIC_READ = String(publicReadLimit);
  const { resetServerConfig } = await import('../config.js');
  resetServerConfig(); // settings are read once per instance (config.ts)
  const { createApp } = await import('./app.js');
  const server = createApp().listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((done) => server.once('listening', done));
  delete process.env.RATE_LIMIT_PUBLIC_READ;
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  base = await startApp(100_000);
});

afterAll(() => {
  for (const server of servers) server.close();
});

/** A raw request (node:http sends the path as written; fetch would normalise some of these). */
function call(method: string, path: string, origin = base): Promise<{ status: number; type: string; body: unknown; headers: Headers }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // left as text: the assertion shows it
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body, headers });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('odd /api paths answer the JSON envelope', () => {
  it.each([
    ['GET', '/api/%E0%A4%A', 404],
    ['GET', '/api/products/%', 404],
    ['PATCH', '/api/order/%ZZ/status', 404],
    ['POST', '/api/cart/%C0%AF', 404],
    ['POST', '/api/%2e%2e/%2e%2e', 404],
    ['GET', '/api/cart/../../users', 404],
    ['GET', '/api/no-such-thing', 404],
    ['GET', '/api/products/a/b/c', 404],
    ['PUT', '/api/products', 405],
    ['DELETE', '/api/health', 405],
    ['GET', '/api/payment/webhook', 405],
    ['POST', '/api/products/some-id', 405],
  ])('%s %s → %i JSON', async (method, path, status) => {
    const res = await call(method, path);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('405 names the allowed methods; OPTIONS answers them with no body', async () => {
    const res = await call('PUT', '/api/products');
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.body).toEqual({ success: false, message: 'PUT is not allowed here; use GET, HEAD' });
    const options = await call('OPTIONS', '/api/payment/webhook');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST');
  });
});

describe('API response headers', () => {
  it('every answer: nosniff, no framing, no active content, private no-store unless public', async () => {
    const res = await call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('public reads are limited per IP', () => {
  it('answers 429 with Retry-After once an IP passes the limit (bad input counts too)', async () => {
    const limitedApp = await startApp(5);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await call('GET', '/api/products/category/nope', limitedApp)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const limited = await call('GET', '/api/images/not-a-hash', limitedApp);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ success: false });
    // Other routes are not public reads: not limited by it.
    expect((await call('GET', '/api/health', limitedApp)).status).toBe(200);
  });
});
