import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './env.ts';
import { PUBLIC_ROUTES } from '../../domain/src/public-routes.ts';
import {
  contentSecurityPolicy,
  directive,
  FILE_PATHS_REGEX,
  FILE_POLICY,
  hostingHeaders,
  hostingRewrites,
  PAGE_PATHS_REGEX,
} from './hosting-headers.ts';

const local = { kind: 'local', authHost: '127.0.0.1:9299', firestoreHost: '127.0.0.1:8280' } as const;
const nonce = ["'nonce-abc'"];

describe('the committed firebase.json', () => {
  const config = JSON.parse(readFileSync(resolve(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { headers: unknown; rewrites: { regex?: string; source?: string; function?: unknown }[] };
  };

  it('carries exactly the headers and rewrites the generator makes (run `npm run headers` when this fails)', () => {
    expect(config.hosting.headers).toEqual(hostingHeaders());
    expect(config.hosting.rewrites).toEqual(hostingRewrites());
  });

  it('sets a Content-Security-Policy only on its own files, under which nothing runs (the function sets each page’s, with its nonce)', () => {
    const headers = config.hosting.headers as { regex?: string; source?: string; headers: { key: string; value: string }[] }[];
    const withPolicy = headers.filter((h) => h.headers.some((x) => x.key === 'Content-Security-Policy'));
    expect(withPolicy).toEqual([{ regex: FILE_PATHS_REGEX, headers: [{ key: 'Content-Security-Policy', value: FILE_POLICY }] }]);
    expect(FILE_POLICY).toContain("default-src 'none'");
    const files = new RegExp(FILE_PATHS_REGEX, 'u');
    for (const path of ['/assets/shop-abc.js', '/favicon.svg', '/og/luggage.png', '/robots.txt']) expect(files.test(path), path).toBe(true);
    for (const path of ['/', '/luggage', '/product/abc', '/search', '/api/images/abc/400']) expect(files.test(path), path).toBe(false);
  });

  it('sends every /api path, including dot segments and /api itself, to the function', () => {
    const api = config.hosting.rewrites.find((r) => (r.function as { functionId?: string } | undefined)?.functionId === 'api');
    const pattern = new RegExp(api?.regex ?? '^$', 'u');
    for (const path of ['/api', '/api/', '/api/products', '/api/cart/..%2F..%2Fusers', '/api/.hidden', '/api//x']) {
      expect(pattern.test(path), path).toBe(true);
    }
    for (const path of ['/', '/apix', '/luggage', '/ap']) expect(pattern.test(path), path).toBe(false);
  });

  it('sends every page of the table of routes to the function, which renders it (decision 0032)', () => {
    const rewrites = config.hosting.rewrites;
    const target = (path: string) =>
      rewrites.find((r) => (r.regex ? new RegExp(r.regex, 'u').test(path) : r.source === path || r.source === '**'));
    for (const route of PUBLIC_ROUTES) {
      const path = route.path.replace(':id', 'abc').replace('/*', '/users');
      expect(target(path)?.function, path).toEqual({ functionId: 'api', region: 'asia-south1' });
      expect(target(path)?.source, path).toBeUndefined();
    }
  });
});

describe('the admin function (docs/decisions/0031-reads-follow-changes.md)', () => {
  const config = JSON.parse(readFileSync(resolve(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { rewrites: { regex?: string; source?: string; function?: { functionId: string } }[] };
  };
  const target = (path: string) =>
    config.hosting.rewrites.find((r) => (r.regex ? new RegExp(r.regex, 'u').test(path) : r.source === path || r.source === '**'))?.function
      ?.functionId;

  it('gets /api/admin/**, product uploads and the tax PDFs, before the shoppers’ function', () => {
    for (const path of [
      '/api/admin',
      '/api/admin/dashboard',
      '/api/admin/tax',
      '/api/admin/products/abc',
      '/api/products/createProducts',
    ]) {
      expect(target(path), path).toBe('adminApi');
    }
    for (const path of ['/api/order/abc/invoice', '/api/order/abc/credit-note']) expect(target(path), path).toBe('adminApi');
    // Return requests decode shoppers' photos (issue 37): the admin function's instances, as product uploads.
    expect(target('/api/order/abc/returns')).toBe('adminApi');
  });

  it('leaves every shopper path on api', () => {
    for (const path of [
      '/api/products',
      '/api/products/abc',
      '/api/order/abc',
      '/api/order/abc/returns/RET-2026-00001/credit-note',
      '/api/cart',
      '/api/administrators',
    ]) {
      expect(target(path), path).toBe('api');
    }
  });
});

describe('PAGE_PATHS_REGEX: which paths get the page headers', () => {
  const pages = new RegExp(PAGE_PATHS_REGEX, 'u');
  it.each([
    '/',
    '/luggage',
    '/product/abc',
    '/assets/index-x.js',
    '/a',
    '/ab',
    '/_x',
    '/__x',
    '/apix',
    '/apx',
    '/xyz',
    '/admin/users',
    '/favicon.svg',
    '//x',
  ])('covers %s', (path) => expect(pages.test(path)).toBe(true));
  it.each(['/api', '/api/', '/api/products', '/__/auth/handler', '/__/auth/iframe', '/__'])('leaves out %s', (path) =>
    expect(pages.test(path)).toBe(false),
  );
});

describe('the Content-Security-Policy', () => {
  it('allows no inline or eval script: only this origin and the page’s nonce', () => {
    for (const target of [{ kind: 'production' } as const, local]) {
      const scripts = directive(contentSecurityPolicy(target, nonce), 'script-src');
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).toContain("'self'");
      expect(scripts).toContain("'nonce-abc'");
    }
  });

  it('has the fixed directives of docs/security.md', () => {
    const policy = contentSecurityPolicy({ kind: 'production' }, nonce);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('connects to Firebase in production and to the emulators in a local build, nothing else', () => {
    expect(directive(contentSecurityPolicy({ kind: 'production' }, nonce), 'connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
    ]);
    expect(directive(contentSecurityPolicy(local, nonce), 'connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:9299',
      'http://127.0.0.1:8280',
    ]);
  });

  it('differs between local and production only in connect-src and the Google sign-in and reCAPTCHA hosts', () => {
    const prod = contentSecurityPolicy({ kind: 'production' }, nonce).split('; ');
    const dev = contentSecurityPolicy(local, nonce).split('; ');
    const differing = prod.filter((d, i) => d !== dev[i]).map((d) => d.split(' ')[0]);
    expect(differing).toEqual(['script-src', 'connect-src', 'frame-src']);
    // The phone check's invisible reCAPTCHA (web/src/lib/phone-check.ts) loads and frames Google's pages, in production only.
    expect(prod.find((d) => d.startsWith('script-src'))).toContain('https://www.google.com/recaptcha/');
    expect(prod.find((d) => d.startsWith('frame-src'))).toBe(
      "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
    );
    expect(dev.find((d) => d.startsWith('frame-src'))).toBe("frame-src 'self'");
  });
});
