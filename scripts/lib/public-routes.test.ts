// The table of routes (domain/src/public-routes.ts) and the web app's route config
// (web/src/app/routes.ts) name the same pages (docs/decisions/0034-react-router-framework-mode.md).
import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_ROUTES, routeRegex } from '../../domain/src/public-routes.ts';
import routes from '../../web/src/app/routes.ts';

interface Entry {
  path?: string;
  index?: boolean;
  children?: Entry[];
}

/** Every page path of the route config, as the table writes it. */
function paths(entries: readonly Entry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent || '/' : entry.path !== undefined ? `${parent}/${entry.path}` : null;
    const here = own === null ? [] : [own];
    return [...(entry.children ? paths(entry.children, own ?? parent) : []), ...(entry.children && own === null ? [] : here)];
  });
}

describe('the table of public routes', () => {
  it('lists exactly the pages of the web app (but its 404 catch-all)', () => {
    const app = paths(routes as Entry[]).filter((p) => p !== '/*' && p !== '/hi/*');
    expect([...new Set(app)].sort()).toEqual(PAGE_ROUTES.map((r) => r.path).sort());
  });

  it('matches its pages and nothing else', () => {
    for (const path of [
      '/',
      '/luggage',
      '/luggage/',
      '/product/abc',
      '/search',
      '/orders/x',
      '/admin',
      '/admin/users/1',
      '/shipping',
      '/hi',
      '/hi/luggage',
      '/hi/product/abc',
      '/hi/cart',
    ])
      expect(isPagePath(path), path).toBe(true);
    for (const path of ['/api/products', '/luggagex', '/product/a/b', '/adminx', '/sitemap.xml', '/x', '/hi/admin', '/hindi'])
      expect(isPagePath(path), path).toBe(false);
  });

  it('writes RE2-safe anchored expressions', () => {
    expect(routeRegex('/product/:id')).toBe('^/product/[^/]+/?$');
    expect(routeRegex('/admin/*')).toBe('^/admin(?:/.*)?$');
    expect(routeRegex('/')).toBe('^/$');
  });
});
