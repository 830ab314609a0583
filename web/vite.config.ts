import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
// Relative, so the config bundle includes it (a workspace package would be loaded as untranspiled TS).
import { EMULATOR_HOST, LOCAL_PORTS } from '../domain/src/ports.ts';
import { reactRouter } from '@react-router/dev/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const functionsPort = process.env.VITE_FUNCTIONS_PORT ?? String(LOCAL_PORTS.functions);
const projectId = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-bagshop';

/** The shop's public address, for robots.txt (docs/search-and-seo.md). */
const siteOrigin = (process.env.VITE_SITE_ORIGIN ?? `http://${EMULATOR_HOST}:${LOCAL_PORTS.hosting}`).replace(/\/+$/, '');

/** Paths a search engine has no reason to crawl. */
const PRIVATE_PATHS = ['/admin', '/cart', '/orders', '/profile', '/auth', '/payment', '/search'];

/**
 * robots.txt naming the sitemap, and the build's facts next to the function bundle (the
 * sitemap's lastmod of pages that change only with a deploy: functions/src/pages/render.ts).
 */
function siteFiles(): Plugin {
  return {
    name: 'bagshop-site-files',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle() {
      if (this.environment.name !== 'client') return;
      const robots = ['User-agent: *', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${siteOrigin}/sitemap.xml`, ''];
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robots.join('\n') });
    },
    writeBundle() {
      if (this.environment.name !== 'client') return;
      const dir = fileURLToPath(new URL('../functions/lib/web/', import.meta.url));
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}build.json`, `${JSON.stringify({ builtAt: new Date().toISOString(), origin: siteOrigin })}\n`);
    },
  };
}

/** The route modules a shopper's first page is drawn with, and the layout they share. */
const LAYOUT_ROUTES = ['entry.client.tsx', 'root.tsx', 'routes/shop-layout.tsx'];
const HOME_ROUTE = 'routes/home.tsx';
const PAGE_ROUTES = [HOME_ROUTE, 'routes/category.tsx', 'routes/product.tsx', 'routes/search.tsx', 'routes/info.tsx'];
/**
 * Below-the-fold parts the first pass does not wait for (docs/decisions/0036-what-hydrates-when.md):
 * lazy chunks of the layout and the home page, hydrated after the first screen.
 */
const BELOW_FOLD = ['app/layouts/footer.tsx', 'features/catalog/components/home-sections.tsx'];
const CHUNK_PLAN = fileURLToPath(new URL('./node_modules/.cache/bagshop-chunk-plan.json', import.meta.url));

interface ChunkPlan {
  shop: string[];
  catalog: string[];
  pages: string[];
  /** What the below-the-fold parts (BELOW_FOLD) load that other public pages share: their own group. */
  below?: string[];
  /** Per public page route, what only it loads (its route chunk aside). */
  own: Record<string, string[]>;
  /** Per public page route, what it alone of the public pages loads and other screens load too. */
  deps: Record<string, string[]>;
}

/**
 * A few chunks for the public pages instead of dozens (docs/decisions/0034): `shop`, what the
 * document and the shop layout load; `catalog`, what the home page shares with another public
 * page; `pages`, what the other public pages share among themselves. On a phone's 150 ms round trip each file costs a request, and HTTP/1.1 asks six
 * at a time. What a route loads is known only once the bundler has split and tree-shaken the
 * build (a walk of the imports would follow every re-export of a package's index), so the
 * build runs twice (web/build.mjs): the first, with `BAGSHOP_CHUNK_PLAN=write`, splits as the
 * bundler does and writes which modules the public routes' chunks hold; the second groups them.
 * Without a plan the bundler's own split is used.
 */
function publicChunks() {
  const write = process.env.BAGSHOP_CHUNK_PLAN === 'write';
  const plan: ChunkPlan =
    !write && existsSync(CHUNK_PLAN)
      ? (JSON.parse(readFileSync(CHUNK_PLAN, 'utf8')) as ChunkPlan)
      : { shop: [], catalog: [], pages: [], own: {}, deps: {} };
  const shop = new Set(plan.shop);
  const catalog = new Set(plan.catalog);
  const pages = new Set(plan.pages);
  const below = new Set(plan.below ?? []);
  const byRoute = (lists: Record<string, string[]>, suffix: string) =>
    new Map(
      Object.entries(lists).flatMap(([name, ids]) => ids.map((id) => [id, `${name.replace(/^routes\/|\.tsx$/g, '')}-${suffix}`] as const)),
    );
  const ownChunk = byRoute(plan.own, 'page');
  const depsChunk = byRoute(plan.deps, 'deps');
  const file = (id: string) => (id.split('?')[0] ?? id).replace(/\\/g, '/');
  const isRoute = (id: string | null, names: string[]) => id !== null && names.some((n) => file(id).endsWith(`/src/app/${n}`));
  const plugin: Plugin = {
    name: 'bagshop-public-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (!write || this.environment.name !== 'client') return;
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entryModules = new Set(chunks.flatMap((c) => (c.facadeModuleId ? [c.facadeModuleId] : [])));
      const modulesOf = (names: string[], lazyToo = false, starts?: string[]): Set<string> => {
        const seen = new Set<string>();
        const queue = starts ?? chunks.filter((c) => isRoute(c.facadeModuleId, names)).map((c) => c.fileName);
        const out = new Set<string>();
        while (queue.length > 0) {
          const name = queue.pop() as string;
          if (seen.has(name)) continue;
          seen.add(name);
          const chunk = byFile.get(name);
          for (const id of chunk?.moduleIds ?? []) if (!entryModules.has(id)) out.add(id);
          queue.push(...(chunk?.imports ?? []), ...(lazyToo ? (chunk?.dynamicImports ?? []) : []));
        }
        return out;
      };
      const layout = modulesOf(LAYOUT_ROUTES);
      const home = modulesOf([HOME_ROUTE]);
      const uses = new Map<string, number>();
      for (const name of PAGE_ROUTES) for (const id of modulesOf([name])) if (!layout.has(id)) uses.set(id, (uses.get(id) ?? 0) + 1);
      const shared = [...uses].filter(([, n]) => n >= 2).map(([id]) => id);
      // What the signed-in screens and the admin load stays split as the bundler split it, so
      // they never download a public page's own chunk.
      const others = new Set(
        chunks
          .filter(
            (c) =>
              c.facadeModuleId !== null && /\/src\/app\/routes\//.test(file(c.facadeModuleId)) && !isRoute(c.facadeModuleId, PAGE_ROUTES),
          )
          .flatMap((c) => [...modulesOf([file(c.facadeModuleId ?? '').replace(/^.*\/src\/app\//, '')], true)]),
      );
      const ownOf = (name: string, withOthers: boolean) =>
        [...modulesOf([name])].filter((id) => !layout.has(id) && others.has(id) === withOthers && (uses.get(id) ?? 0) < 2);
      // The below-the-fold chunks' modules, with what they import (not their own lazy parts).
      const belowStarts = chunks
        .filter((c) => c.facadeModuleId !== null && BELOW_FOLD.some((n) => file(c.facadeModuleId ?? '').endsWith(`/src/${n}`)))
        .map((c) => c.fileName);
      const belowFold = new Set([...modulesOf([], false, belowStarts)].filter((id) => !layout.has(id) && !home.has(id)));
      const grouped = new Set([...layout, ...shared]);
      const next: ChunkPlan = {
        shop: [...layout],
        catalog: shared.filter((id) => home.has(id)),
        // Shared with other pages (or other screens): in a group of their own, so the home page's
        // sections and the footer never pull in the other pages' groups.
        below: [...belowFold].filter((id) => grouped.has(id) || others.has(id) || (uses.get(id) ?? 0) >= 1),
        pages: shared.filter((id) => !home.has(id) && !belowFold.has(id)),
        own: Object.fromEntries(PAGE_ROUTES.map((name) => [name, ownOf(name, false).filter((id) => !belowFold.has(id))])),
        deps: Object.fromEntries(PAGE_ROUTES.map((name) => [name, ownOf(name, true).filter((id) => !belowFold.has(id))])),
      };
      mkdirSync(dirname(CHUNK_PLAN), { recursive: true });
      writeFileSync(CHUNK_PLAN, `${JSON.stringify(next)}\n`);
    },
  };
  const groups = [
    { name: 'shop', test: (id: string) => shop.has(id), priority: 5 },
    { name: 'catalog', test: (id: string) => catalog.has(id), priority: 4 },
    { name: 'below-fold', test: (id: string) => below.has(id), priority: 3 },
    { name: 'pages', test: (id: string) => pages.has(id), priority: 2 },
    // Per public page: what the signed-in screens or the admin load too (`product-deps`), then
    // what only it loads (`product-page`), so a cart screen never downloads the product page's own.
    { name: (id: string) => depsChunk.get(id) ?? null, priority: 1 },
    { name: (id: string) => ownChunk.get(id) ?? null, priority: 0 },
  ];
  return { plugin, groups };
}

const chunks = publicChunks();

export default defineConfig(({ command }) => ({
  // Component tests (vitest) render components, not the framework's app: plain React there.
  plugins: process.env.VITEST ? [react()] : [reactRouter(), siteFiles(), chunks.plugin],
  // The server build is self-contained: the function loads it, and its package has no React,
  // Mantine or React Router of its own (docs/decisions/0034-react-router-framework-mode.md).
  ssr: command === 'build' ? { noExternal: true } : undefined,
  server: {
    host: EMULATOR_HOST,
    // In `npm run dev` the API is the Functions emulator; the function serves /api/... as is.
    proxy: {
      '/api': {
        target: `http://${EMULATOR_HOST}:${functionsPort}`,
        rewrite: (path) => `/${projectId}/asia-south1/api${path}`,
      },
    },
  },
  // The server build's entry: the framework's build and its Express request handler (server/handler.ts).
  environments: {
    ssr: { build: { rollupOptions: { input: './server/handler.ts' } } },
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } } } },
  },
  build: {
    target: 'es2022',
    sourcemap: process.env.BAGSHOP_SOURCEMAP === 'true',
    rolldownOptions: {
      // Zod schemas built at module level (e.g. domain's categorySchema) are pure values:
      // a page that needs only CATEGORY_LABELS must not pay for all of zod (~25 KB gz).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
}));
