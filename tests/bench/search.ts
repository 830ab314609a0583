// `npm run bench:search`: search latency (docs/search-and-seo.md).
//   1. The index alone, in this process: build time and p50/p95 of one query, on the demo
//      catalog (27 bags) and on a made-up catalog of 5,000, with the queries an instant-search
//      box sends (every prefix from 2 characters of a list of real queries, typos included).
//   2. The API on the emulators (its own, started here; production catalog cache window, rate
//      limit raised): GET /api/products/search sequentially and 10 at a time, through Hosting
//      and straight to the function.
// Not a pass/fail test. Honours BAGSHOP_PORT_OFFSET.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Category } from '@bagshop/domain';
import { ProductIndex } from '../../functions/src/catalog/search-index.ts';
import { buildFunctions, buildWeb } from '../../scripts/lib/build.ts';
import { prepareEmulators, startEmulators, waitForApi } from '../../scripts/lib/emulators.ts';
import { emulatorEnv, FUNCTIONS_URL, HOSTING_URL, ROOT } from '../../scripts/lib/env.ts';
import { step } from '../../scripts/lib/run.ts';
import { seed } from '../../scripts/seed.ts';
import { DEMO_PRODUCTS } from '../../scripts/seed/catalog.ts';

const QUERIES = [
  'trolly',
  'back pack',
  'voyager cabin',
  'lether holdall',
  'duffel',
  'gym bag',
  'trekking rucksak',
  'schol bag',
  'laptop',
  'anti theft',
  'waterproof',
  'aluminum trolley',
  'wheeled duffle',
  '65l',
  'polycarb',
];
/** What a search box sends while typing: each prefix of 2 characters or more. */
const TYPED = QUERIES.flatMap((q) => Array.from({ length: q.length - 1 }, (_, i) => q.slice(0, i + 2))).filter((q) => q.trim().length >= 2);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(3)} ms, p95 ${percentile(s, 95).toFixed(3)} ms, max ${(s.at(-1) ?? 0).toFixed(3)} ms (${s.length} queries)`;
};

type Doc = { _id: string; name: string; category: Category; description: string };

function catalog(size: number): Doc[] {
  const words = ['Urban', 'Alpine', 'Coastal', 'Metro', 'Desert', 'Monsoon', 'Nordic', 'Tropic', 'Harbour', 'Summit'];
  return Array.from({ length: size }, (_, i) => {
    const base = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length] as (typeof DEMO_PRODUCTS)[number];
    return {
      _id: `p${i}`,
      name: `${words[i % words.length]} ${base.name} Mk ${i}`,
      category: base.category,
      description: base.description,
    };
  });
}

function benchIndex(size: number): void {
  const docs = catalog(size);
  const t0 = performance.now();
  const index = new ProductIndex(docs);
  const built = performance.now() - t0;
  for (const q of TYPED) index.ids(q); // warm-up
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (const q of TYPED) {
      const t = performance.now();
      index.ids(q);
      times.push(performance.now() - t);
    }
  }
  console.log(`  ${String(size).padStart(5)} products: built in ${built.toFixed(1)} ms; one query ${summary(times)}`);
}

/** Milliseconds for one answered request; null when it did not answer 200. */
async function timed(url: string): Promise<number | null> {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status === 200 ? performance.now() - t : null;
}

async function benchApi(label: string, base: string, concurrency: number, rounds: number, quiet = false): Promise<void> {
  const urls = Array.from({ length: rounds }, () => TYPED.map((q) => `${base}/products/search?q=${encodeURIComponent(q)}`)).flat();
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next] as string;
        next += 1;
        const ms = await timed(url);
        if (ms === null) failed += 1;
        else times.push(ms);
      }
    }),
  );
  if (!quiet) console.log(`  ${label.padEnd(38)} ${summary(times)}${failed ? `, ${failed} not 200` : ''}`);
}

async function main(): Promise<number> {
  step('The index alone (MiniSearch, in this process)');
  for (const size of [DEMO_PRODUCTS.length, 1000, 5000]) benchIndex(size);

  step('Building');
  await buildFunctions();
  if (!existsSync(resolve(ROOT, 'web/dist/index.html'))) await buildWeb();
  step('Starting the emulators (search limit raised)');
  const env = await prepareEmulators();
  const emulators = startEmulators({ ...env, RATE_LIMIT_SEARCH: '1000000' }, { persist: false, logVerbosity: 'QUIET' });
  try {
    await Promise.race([waitForApi(), emulators.exited.then((code) => Promise.reject(new Error(`The emulators exited (${code})`)))]);
    for (const [key, value] of Object.entries(emulatorEnv())) process.env[key] ??= value;
    await seed({ force: true });
    // The Functions emulator starts one worker process per concurrent request, and starting
    // ten at once on a small machine times out (504): bring them up two at a time.
    step('Warming up (1, 2, 4 … 10 workers)');
    for (const workers of [1, 2, 4, 6, 8, 10]) await benchApi('warm-up', `${HOSTING_URL}/api`, workers, 1, true);
    step(`GET /api/products/search, ${TYPED.length} typed queries × 3`);
    await benchApi('through Hosting, one at a time', `${HOSTING_URL}/api`, 1, 3);
    await benchApi('Functions emulator direct, one at a time', FUNCTIONS_URL, 1, 3);
    await benchApi('through Hosting, 10 at a time', `${HOSTING_URL}/api`, 10, 3);
    const floor: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const ms = await timed(`${HOSTING_URL}/api/health`);
      if (ms !== null) floor.push(ms);
    }
    console.log(`  ${'GET /api/health via Hosting (floor)'.padEnd(38)} ${summary(floor)}`);
  } finally {
    emulators.child.kill('SIGINT');
    await emulators.exited;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
