// `node scripts/run.mjs tests/bench/bundle-sizes.ts` (after `npm run build -w web`): what each
// public page asks for with its HTML, read from the framework's manifest in web/dist/client
// (docs/decisions/0036-what-hydrates-when.md). The JavaScript is what runs before the page can
// answer a tap (the entry, the matched routes' modules and their static imports); the CSS is
// the render-blocking stylesheets. Gzip at zlib's default level, per file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = new URL('../../web/dist/client/', import.meta.url).pathname;

interface ManifestRoute {
  module: string;
  imports?: string[];
  css?: string[];
}
interface Manifest {
  entry: ManifestRoute;
  routes: Record<string, ManifestRoute>;
}

function manifest(): Manifest {
  const file = readdirSync(join(DIST, 'assets')).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error('No web/dist/client/assets/manifest-*.js: build the web app first (npm run build -w web)');
  const text = readFileSync(join(DIST, 'assets', file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as Manifest;
}

const gz = (path: string) => gzipSync(readFileSync(join(DIST, path.replace(/^\//, '').replace(/#$/, '')))).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const PAGES: Record<string, string[]> = {
  '/': ['root', 'routes/shop-layout', 'routes/home'],
  '/luggage': ['root', 'routes/shop-layout', 'category-luggage'],
  '/product/:id': ['root', 'routes/shop-layout', 'routes/product'],
  '/search': ['root', 'routes/shop-layout', 'routes/search'],
};

const m = manifest();
console.log('page            JS before taps (gz)   files   CSS (gz)   files');
for (const [page, ids] of Object.entries(PAGES)) {
  const js = new Set<string>([m.entry.module, ...(m.entry.imports ?? [])]);
  const css = new Set<string>((m.entry.css ?? []).map((c) => c.replace(/#$/, '')));
  for (const id of ids) {
    const route = m.routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest`);
    js.add(route.module);
    for (const f of route.imports ?? []) js.add(f);
    for (const f of route.css ?? []) css.add(f.replace(/#$/, ''));
  }
  const jsBytes = [...js].reduce((n, f) => n + gz(f), 0);
  const cssBytes = [...css].reduce((n, f) => n + gz(f), 0);
  console.log(
    `${page.padEnd(16)}${`${kb(jsBytes)} KB`.padStart(12)}${String(js.size).padStart(14)}${`${kb(cssBytes)} KB`.padStart(11)}${String(css.size).padStart(8)}`,
  );
  if (process.argv.includes('--files')) {
    for (const f of [...js, ...css]) console.log(`    ${kb(gz(f)).padStart(6)} KB  ${f}`);
  }
}
