import { mkdirSync, writeFileSync } from 'node:fs';
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
 * sitemap's lastmod of pages that change only with a deploy: functions/src/services/pages.ts).
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

export default defineConfig(({ command }) => ({
  // Component tests (vitest) render components, not the framework's app: plain React there.
  plugins: process.env.VITEST ? [react()] : [reactRouter(), siteFiles()],
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
  environments: { ssr: { build: { rollupOptions: { input: './server/handler.ts' } } } },
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
