import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// Relative, so the config bundle includes it (a workspace package would be loaded as untranspiled TS).
import { EMULATOR_HOST, LOCAL_PORTS } from '../domain/src/ports.ts';
import { shellMeta, STATIC_PAGES, staticPageMeta, withHeadTags } from '../domain/src/seo.ts';
import { prerenderedHtml } from '../domain/src/prerendered-html.ts';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type ConfigEnv, type Plugin } from 'vite';
import { directive, inlineScriptHashes } from '../scripts/lib/hosting-headers';

const functionsPort = process.env.VITE_FUNCTIONS_PORT ?? String(LOCAL_PORTS.functions);
const projectId = process.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-bagshop';

/** The screens whose files index.html starts fetching with the HTML (see its inline script). */
const EARLY_SCREENS = {
  product: '/src/features/catalog/components/product-page.tsx',
  category: '/src/features/catalog/components/category-page.tsx',
  search: '/src/features/catalog/components/search-page.tsx',
} as const;
const PLACEHOLDER = '__BAGSHOP_SCREEN_FILES__';

/**
 * A category or product page is a lazy chunk plus a dozen small shared chunks and Mantine's
 * full CSS, which the browser would only discover after the entry chunk has run. This writes,
 * into index.html's inline script, the files each of those screens needs beyond the entry, so
 * the script can preload them in parallel with the entry (the page's LCP waits for them).
 */
function screenPreloads(): Plugin {
  return {
    name: 'bagshop-screen-preloads',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html.replace(PLACEHOLDER, '{}');
        const chunks = Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: string | undefined): Set<string> => {
          const seen = new Set<string>();
          const stack = start ? [start] : [];
          while (stack.length) {
            const file = stack.pop() as string;
            if (seen.has(file)) continue;
            seen.add(file);
            stack.push(...(byFile.get(file)?.imports ?? []));
          }
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = closure(entry?.fileName);
        const fullStyles = Object.values(bundle).find((o) => o.type === 'asset' && /(^|\/)full-styles-[^/]*\.css$/.test(o.fileName));
        const files: Record<string, string[]> = {};
        for (const [name, id] of Object.entries(EARLY_SCREENS)) {
          const screen = chunks.find((c) => c.facadeModuleId?.endsWith(id));
          if (!screen) throw new Error(`screenPreloads: no chunk for ${id}`);
          const js = [...closure(screen.fileName)].filter((f) => !inEntry.has(f));
          const css = js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
          files[name] = [...js, ...(fullStyles ? [fullStyles.fileName] : []), ...css].map((f) => `/${f}`);
        }
        // A JSON data block: `<` escaped so no file name can end the element.
        return html.replace(PLACEHOLDER, JSON.stringify(files).replace(/</g, '\\u003c'));
      },
    },
  };
}

/**
 * Fails the build when an inline script of the built index.html is not allowed by the
 * Content-Security-Policy committed in firebase.json (run `npm run headers` after editing it),
 * so a deploy can never ship a page its own policy blocks.
 */
function cspCheck(): Plugin {
  return {
    name: 'bagshop-csp-check',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const config = JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as {
          hosting?: { headers?: { headers?: { key: string; value: string }[] }[] };
        };
        const policies = (config.hosting?.headers ?? [])
          .flatMap((rule) => rule.headers ?? [])
          .filter((h) => h.key === 'Content-Security-Policy');
        const allowed = new Set(policies.flatMap((p) => directive(p.value, 'script-src')));
        const missing = inlineScriptHashes(html).filter((hash) => !allowed.has(hash));
        if (policies.length === 0 || missing.length > 0) {
          throw new Error(
            `index.html has inline scripts firebase.json's CSP does not allow (${missing.join(' ') || 'no CSP'}): run \`npm run headers\``,
          );
        }
        return html;
      },
    },
  };
}

/** The shop's public address, for canonical URLs and link previews (docs/search-and-seo.md). */
const siteOrigin = (process.env.VITE_SITE_ORIGIN ?? `http://${EMULATOR_HOST}:${LOCAL_PORTS.hosting}`).replace(/\/+$/, '');

/** Paths a search engine has no reason to crawl. */
const PRIVATE_PATHS = ['/admin', '/cart', '/orders', '/profile', '/auth', '/payment', '/search'];

/**
 * Pages that explain themselves before JavaScript runs (docs/search-and-seo.md): writes the home
 * page's tags into the built index.html, shell.html with the site's own tags for every other
 * route, robots.txt naming the sitemap, and copies the shell next to the function bundle, which
 * fills it per request for product, category and search pages (functions/src/services/pages.ts).
 * No luggage.html & co.: Hosting would serve a static file before the rewrite to the function.
 */
function seoPages(): Plugin {
  let shell = '';
  return {
    name: 'bagshop-seo-pages',
    apply: clientBuild,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') throw new Error('seoPages: no index.html in the bundle');
        const html = String(index.source);
        index.source = withHeadTags(html, staticPageMeta(STATIC_PAGES[0], siteOrigin));
        shell = withHeadTags(html, shellMeta(siteOrigin));
        this.emitFile({ type: 'asset', fileName: 'shell.html', source: shell });
        const robots = ['User-agent: *', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${siteOrigin}/sitemap.xml`, ''];
        this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robots.join('\n') });
      },
    },
    writeBundle() {
      const dir = fileURLToPath(new URL('../functions/lib/web/', import.meta.url));
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}shell.html`, shell);
      writeFileSync(`${dir}build.json`, `${JSON.stringify({ builtAt: new Date().toISOString(), origin: siteOrigin })}\n`);
    },
  };
}

/** The production build of the browser bundle (not `vite dev`, not the prerender's server build). */
const clientBuild = (_config: unknown, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild;

/**
 * Prerenders the public pages that need no data for their first screen (`/`; app/prerender.tsx
 * lists them) into their built HTML files, once the client build
 * is written: a server build of app/prerender.tsx, rendered here, put inside `#root`. The
 * browser paints that HTML with the critical CSS before any JavaScript runs and main.tsx hydrates it
 * (docs/decisions/0020-prerendered-public-pages.md). The prerendered markup holds no script,
 * so the Content-Security-Policy stays as it is (`<style>` elements are allowed already).
 */
function prerenderPages(): Plugin {
  let outDir = '';
  return {
    name: 'bagshop-prerender-pages',
    apply: clientBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const serverDir = fileURLToPath(new URL('./dist-prerender/', import.meta.url));
      await build({
        configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)),
        logLevel: 'warn',
        build: { ssr: 'src/app/prerender.tsx', outDir: serverDir, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
      });
      const server = (await import(pathToFileURL(`${serverDir}prerender.js`).href)) as typeof import('./src/app/prerender');
      for (const page of server.PRERENDERED_PAGES) {
        const file = resolve(outDir, page.file);
        const html = readFileSync(file, 'utf8');
        const { body, lazy } = await server.renderPage(page.path);
        writeFileSync(file, prerenderedHtml(html, body, { screen: page.screen, lazy }));
      }
      // The page function renders product, category and search pages with the same server bundle (functions/src/services/pages.ts).
      const functionCopy = fileURLToPath(new URL('../functions/lib/web/prerender/', import.meta.url));
      rmSync(functionCopy, { recursive: true, force: true });
      cpSync(serverDir, functionCopy, { recursive: true });
      rmSync(serverDir, { recursive: true, force: true });
    },
  };
}

/**
 * Modules every storefront page uses once it has painted (home sections, category, search and
 * product pages: cards, badges, the promise band, add to cart, the seller line) with the small
 * Mantine pieces they share: one chunk instead of about twenty files of under 2 KB
 * (docs/storefront.md, "JavaScript on /").
 */
const CATALOG_UI = [
  'web/src/features/catalog/components/product-card.tsx',
  'web/src/features/catalog/components/product-badges.tsx',
  'web/src/features/catalog/components/promise-band.tsx',
  'web/src/features/catalog/api/get-products.ts',
  'web/src/features/catalog/hooks/use-add-to-cart.ts',
  'web/src/features/disclosures/components/seller-line.tsx',
  'web/src/components/sold-by.tsx',
  'web/src/lib/notify.ts',
  '@mantine/core/esm/components/Grid/',
  '@mantine/core/esm/components/Accordion/AccordionChevron',
  '@mantine/core/esm/core/DirectionProvider/',
  '@mantine/hooks/esm/use-id/',
  '@mantine/hooks/esm/utils/clamp/',
];

export default defineConfig({
  plugins: [react(), screenPreloads(), seoPages(), prerenderPages(), cspCheck()],
  // The prerender's server build is self-contained (the product-page function loads it; its
  // package has no React or Mantine of its own).
  ssr: { noExternal: true },
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
  build: {
    target: 'es2022',
    sourcemap: process.env.BAGSHOP_SOURCEMAP === 'true',
    rolldownOptions: {
      // Zod schemas built at module level (e.g. domain's categorySchema) are pure values:
      // a page that needs only CATEGORY_LABELS must not pay for all of zod (~25 KB gz).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically: one file (rolldown would otherwise split out a
            // dozen shared pieces, each gzipped on its own).
            { name: 'boot', tags: ['$initial'], priority: 2 },
            { name: 'catalog-ui', test: (id) => CATALOG_UI.some((part) => id.replace(/\\/g, '/').includes(part)), priority: 1 },
          ],
        },
      },
    },
  },
});
