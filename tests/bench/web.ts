// `npm run bench:web` (docs/storefront.md, "bench:web"): what a user of this machine sees. First
// the phone user's view with real throttling applied (tests/bench/web-throttled.ts): first paint,
// largest paint, when the app answers taps, the inert window between, and input made at first
// paint. Then Lighthouse 12.8
// (mobile preset, simulated throttling) against the shop as `npm start` serves it: an
// `npm start` stack already answering at this checkout's Hosting URL (BAGSHOP_PORT_OFFSET) is
// used as it is; otherwise the same stack is started (production build on the Hosting emulator,
// demo data) and stopped at the end. Pages are warmed first (a few requests each).
//
// BENCH_RUNS runs (default 5) of /, /luggage, a product page and /search?q=trolley: median and
// min–max of performance, FCP, LCP, TBT, CLS. In the same run, a **baseline** of each page:
// the page as the app has drawn it (DOM snapshot at the Lighthouse viewport), scripts and
// preloads stripped, with the same stylesheets and images, served from memory by a tiny local
// HTTP server: static HTML + CSS, no JavaScript. LCP app/baseline is the distance to the limit.
// Last, the gzipped JavaScript a real Chromium load of / fetches.
import { createServer, type Server } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import type { Product } from '@bagshop/domain';
import { buildFunctions, buildWeb } from '../../scripts/lib/build.ts';
import { prepareEmulators, startEmulators, waitForApi, type RunningEmulators } from '../../scripts/lib/emulators.ts';
import { HOST, HOSTING_URL, PORTS } from '../../scripts/lib/env.ts';
import { step } from '../../scripts/lib/run.ts';
import { emulatorEnv } from '../../scripts/lib/env.ts';
import { seed } from '../../scripts/seed.ts';
import { firstPaintInputs, THROTTLE, throttledRun, type ThrottledRun } from './web-throttled.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5) || 5);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
/** Lighthouse's mobile preset: a Moto G Power sized screen (412 × 823 CSS px). */
const MOBILE = { width: 412, height: 823 };
/** The baseline's static server: Hosting's port + 600 (5600 with no offset). */
const BASELINE_PORT = PORTS.hosting + 600;
const TARGETS = { performance: 95, tbtMs: 150, cls: 0.02, lcpRatio: 1.25, initialJsKb: 150, inertMs: 700 };

interface RunResult {
  performance: number;
  /** Lighthouse's measure of this machine's speed (a typical desktop ~1,000–2,000). */
  benchmarkIndex: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

/** Of the runs that gave a figure (NaN: the page recorded none). */
const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** One Lighthouse run; a run that fails (e.g. NO_FCP on a starved machine) is tried again, twice. */
async function lighthouseRun(url: string, attempt = 1): Promise<RunResult> {
  try {
    return await lighthouseOnce(url);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`  (${url}: ${error instanceof Error ? error.message : String(error)}; again)`);
    return lighthouseRun(url, attempt + 1);
  }
}

async function lighthouseOnce(url: string): Promise<RunResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      maxWaitForLoad: 20_000,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // BENCH_REPORT_DIR=dir keeps every Lighthouse report (JSON) to find what holds a metric back.
    const reportDir = process.env.BENCH_REPORT_DIR;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const u = new URL(url);
      const name = `${u.port}${u.pathname.replace(/[^a-z0-9]+/gi, '_')}-${Date.now()}.json`;
      writeFileSync(join(reportDir, name), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

/** The stack to measure: a running `npm start` if one answers, else the same stack started here. */
async function useOrStartStack(): Promise<{ stop: () => Promise<void>; how: string }> {
  const answers = await fetch(`${HOSTING_URL}/api/health`, { signal: AbortSignal.timeout(3000) }).then(
    (res) => res.ok,
    () => false,
  );
  if (answers) return { stop: async () => undefined, how: `the running stack at ${HOSTING_URL}` };
  step('No shop answers: building and starting the stack npm start starts');
  await buildFunctions();
  await buildWeb();
  const env = await prepareEmulators();
  const emulators: RunningEmulators = startEmulators(env, { persist: false });
  await Promise.race([waitForApi(), emulators.exited.then((code) => Promise.reject(new Error(`The emulators exited (${code})`)))]);
  const seeded = await seed({ force: false });
  console.log(`${seeded.products} products`);
  return {
    how: `a stack started by the bench at ${HOSTING_URL}`,
    stop: async () => {
      step('Stopping the emulators');
      emulators.child.kill('SIGINT');
      await emulators.exited;
    },
  };
}

/** A few requests per page and a real load in Chromium, so nothing measured is a cold start. */
async function warm(browser: Browser, urls: string[]): Promise<void> {
  for (const url of urls) {
    for (let i = 0; i < 3; i += 1) await (await fetch(url)).text();
    const page = await browser.newPage({ viewport: MOBILE });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.close();
  }
}

interface Snapshot {
  html: string;
  /** Same-origin files the snapshot refers to (stylesheets, images), by path. */
  files: Map<string, { type: string; body: Buffer }>;
}

/**
 * The baseline of a page: the DOM the app has drawn (mobile viewport, settled), without any
 * script, module preload or preload, with its images and the stylesheets the page's own HTML
 * links (not those the app adds once it runs, such as Mantine's whole file: a static page would
 * not carry them). What a page with no JavaScript at all would show above the fold, from the
 * same HTML, CSS and image.
 */
async function snapshot(browser: Browser, url: string): Promise<Snapshot> {
  const served = await (await fetch(url)).text();
  const linked = [...served.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  const page = await browser.newPage({ viewport: MOBILE, deviceScaleFactor: 1.75, isMobile: true });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const html = await page.evaluate((own: string[]) => {
      const doc = document.documentElement.cloneNode(true) as HTMLElement;
      doc.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"], noscript').forEach((el) => el.remove());
      doc.querySelectorAll('link[rel="stylesheet"]').forEach((el) => {
        if (!own.includes(el.getAttribute('href') ?? '')) el.remove();
      });
      // Images below the first screen stay lazy, as a hand-written static page would have them.
      const live = document.querySelectorAll('img');
      doc.querySelectorAll('img').forEach((img, i) => {
        const rect = live.item(i)?.getBoundingClientRect();
        if (rect && rect.top > window.innerHeight) img.setAttribute('loading', 'lazy');
      });
      return `<!doctype html>\n${doc.outerHTML}`;
    }, linked);
    const origin = new URL(url).origin;
    const refs = new Set<string>();
    for (const m of html.matchAll(/\b(?:href|src)="(\/[^"]*)"/g)) if (m[1]) refs.add(m[1].replace(/&amp;/g, '&'));
    for (const m of html.matchAll(/\bsrcset="([^"]*)"/g))
      for (const part of (m[1] ?? '').split(',')) refs.add(part.trim().split(/\s+/)[0] ?? '');
    const files = new Map<string, { type: string; body: Buffer }>();
    for (const ref of refs) {
      if (!ref.startsWith('/') || !/\.(css|webp|png|jpe?g|svg|avif|ico|woff2?)$|^\/api\/images\//.test(ref)) continue;
      const res = await fetch(origin + ref);
      if (res.ok)
        files.set(ref, { type: res.headers.get('content-type') ?? 'application/octet-stream', body: Buffer.from(await res.arrayBuffer()) });
    }
    return { html, files };
  } finally {
    await page.close();
  }
}

/** Serves each snapshot at its page's path and their files, from memory, gzip like Hosting. */
function serveBaseline(pages: Map<string, Snapshot>): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://baseline.invalid');
    const page = pages.get(url.pathname + url.search) ?? pages.get(url.pathname);
    const file = page
      ? null
      : [...pages.values()].map((p) => p.files.get(url.pathname + url.search) ?? p.files.get(url.pathname)).find(Boolean);
    const body = page ? Buffer.from(page.html) : file?.body;
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    const type = page ? 'text/html; charset=utf-8' : (file?.type ?? 'application/octet-stream');
    const compress = /text|css|svg|json/.test(type) && /gzip/.test(String(req.headers['accept-encoding']));
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': page ? 'no-cache' : 'public, max-age=86400',
      ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
    });
    res.end(compress ? gzipSync(body) : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(BASELINE_PORT, HOST, () => resolve(server));
  });
}

interface ScriptLoad {
  file: string;
  gzipBytes: number;
  afterPaint: boolean;
}

/** Every script response of a real load of / (mobile viewport), gzip-measured, with its start vs. FCP. */
async function initialJs(browser: Browser, url: string): Promise<ScriptLoad[]> {
  const page = await browser.newPage({ viewport: MOBILE });
  try {
    const bodies: Promise<{ file: string; gzipBytes: number } | null>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      bodies.push(
        res
          .body()
          .then((body) => ({ file: new URL(res.url()).pathname, gzipBytes: gzipSync(body).length }))
          .catch(() => null),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.getByRole('img', { name: 'bag' }).waitFor();
    // Interactive: the carousel has its data and the page settled.
    await page.getByText('Products', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
      starts: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime] as const),
    }));
    const startOf = new Map(timing.starts);
    return (await Promise.all(bodies))
      .filter((x): x is { file: string; gzipBytes: number } => x !== null)
      .map((x) => ({ ...x, afterPaint: (startOf.get(x.file) ?? 0) > timing.fcp }));
  } finally {
    await page.close();
  }
}

/** Median (min–max) of the runs that gave a figure; a run whose page recorded none is counted out, and said. */
const fmt = (all: number[], digits = 0) => {
  const f = (x: number) => (digits ? x.toFixed(digits) : String(Math.round(x)));
  const xs = all.filter(Number.isFinite);
  if (xs.length === 0) return 'none';
  const missing = all.length - xs.length;
  return `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})${missing ? ` [${missing} without]` : ''}`;
};

async function main(): Promise<number> {
  console.log(`bench:web ${new Date().toISOString()}, load average ${load()}`);
  // The signed-in shopper of the first-paint check is made with the Admin SDK.
  for (const [key, value] of Object.entries(emulatorEnv())) process.env[key] ??= value;
  const stack = await useOrStartStack();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  let baseline: Server | undefined;
  try {
    console.log(`Measuring ${stack.how}`);
    const products = ((await (await fetch(`${HOSTING_URL}/api/products`)).json()) as { data: Product[] }).data;
    const product = products.find((p) => p.category === 'luggage' && p.stock > 0) ?? products[0];
    if (!product) throw new Error('No products to open');
    const paths = ['/', '/luggage', `/product/${product._id}`, '/search?q=trolley'];

    step('Warming the pages');
    await warm(
      browser,
      paths.map((p) => HOSTING_URL + p),
    );

    step(
      `Applied throttling ×${RUNS}: ${THROTTLE.width} px, ${THROTTLE.cpu}× CPU, ${THROTTLE.rttMs} ms RTT, ${THROTTLE.downKbit / 1000} Mbit/s (app, then the page without JavaScript)`,
    );
    const throttled: { page: string; app: ThrottledRun[]; noJs: ThrottledRun[] }[] = [];
    for (const p of paths) {
      const row = { page: p, app: [] as ThrottledRun[], noJs: [] as ThrottledRun[] };
      for (let i = 0; i < RUNS; i += 1) {
        const a = await throttledRun(browser, HOSTING_URL + p);
        const b = await throttledRun(browser, HOSTING_URL + p, false);
        console.log(
          `  ${p} run ${i + 1}: first paint ${Math.round(a.fcpMs)}, largest ${Math.round(a.lcpMs)}, hydration starts ${Math.round(a.hydrateMs)}, answers taps ${Math.round(a.liveMs)}, inert ${Math.round(a.liveMs - a.fcpMs)} | no JS: largest ${Math.round(b.lcpMs)}   load ${load()}`,
        );
        row.app.push(a);
        row.noJs.push(b);
      }
      throttled.push(row);
    }
    step('Typed and tapped at first paint (throttled)');
    // Add to cart needs a whole choice of size and colour: the page opened with one (`?variant=`).
    const sold = product.options?.length ? product.variants?.find((v) => v.stock > 0) : undefined;
    const productPath = `/product/${product._id}`;
    const inputs = await firstPaintInputs(
      browser,
      HOSTING_URL,
      productPath,
      product._id,
      sold ? `${productPath}?variant=${sold._id}` : productPath,
    );
    for (const i of inputs) console.log(`  ${i.ok ? 'kept' : 'LOST'}: ${i.what}: ${i.detail}`);

    step('Baseline: each page as static HTML + CSS + its images, no JavaScript');
    const snapshots = new Map<string, Snapshot>();
    for (const p of paths) snapshots.set(p, await snapshot(browser, HOSTING_URL + p));
    baseline = await serveBaseline(snapshots);
    const baselineUrl = `http://${HOST}:${BASELINE_PORT}`;

    const rows: { page: string; app: RunResult[]; base: RunResult[] }[] = [];
    for (const p of paths) {
      const row = { page: p, app: [] as RunResult[], base: [] as RunResult[] };
      step(`Lighthouse ×${RUNS}: ${p} (app, then baseline)   load average ${load()}`);
      // Alternating app and baseline runs, so both see the same machine load.
      for (let i = 0; i < RUNS; i += 1) {
        const a = await lighthouseRun(HOSTING_URL + p);
        const b = await lighthouseRun(baselineUrl + p);
        console.log(
          `  run ${i + 1}: app perf ${a.performance}, FCP ${Math.round(a.fcpMs)}, LCP ${Math.round(a.lcpMs)}, TBT ${Math.round(a.tbtMs)}, CLS ${a.cls.toFixed(3)} | baseline perf ${b.performance}, FCP ${Math.round(b.fcpMs)}, LCP ${Math.round(b.lcpMs)}`,
        );
        row.app.push(a);
        row.base.push(b);
      }
      rows.push(row);
    }

    step('JavaScript loaded by / (Chromium, mobile viewport)');
    const scripts = await initialJs(browser, `${HOSTING_URL}/`);
    for (const s of scripts)
      console.log(`  ${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KB gz  ${s.file}${s.afterPaint ? '  (after first paint)' : ''}`);
    const totalKb = scripts.reduce((a, s) => a + s.gzipBytes, 0) / 1024;
    const beforePaintKb = scripts.filter((s) => !s.afterPaint).reduce((a, s) => a + s.gzipBytes, 0) / 1024;

    console.log(
      `\n──────── bench:web: median (min–max) of ${RUNS} runs; applied throttling: ${THROTTLE.width} px, ${THROTTLE.cpu}× CPU, ${THROTTLE.rttMs} ms RTT, ${THROTTLE.downKbit / 1000} Mbit/s ────────`,
    );
    const throttledHead = [
      'page',
      'first paint',
      'largest paint',
      'hydration starts',
      'answers taps',
      'inert window',
      'no-JS largest',
      'largest/no-JS',
    ];
    console.log(
      `${throttledHead[0]?.padEnd(28)}${throttledHead
        .slice(1)
        .map((h) => h.padStart(19))
        .join('')}`,
    );
    let inertMet = true;
    let ratioMet = true;
    for (const row of throttled) {
      const inert = row.app.map((r) => r.liveMs - r.fcpMs);
      const ratio = median(row.app.map((r) => r.lcpMs)) / median(row.noJs.map((r) => r.lcpMs));
      inertMet &&= median(inert) <= TARGETS.inertMs;
      ratioMet &&= ratio <= TARGETS.lcpRatio;
      const cells = [
        fmt(row.app.map((r) => r.fcpMs)),
        fmt(row.app.map((r) => r.lcpMs)),
        fmt(row.app.map((r) => r.hydrateMs)),
        fmt(row.app.map((r) => r.liveMs)),
        fmt(inert),
        fmt(row.noJs.map((r) => r.lcpMs)),
        ratio.toFixed(2),
      ];
      console.log(`${row.page.slice(0, 27).padEnd(28)}${cells.map((c) => c.padStart(19)).join('')}`);
    }
    const inputsMet = inputs.every((i) => i.ok);
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log(`Input at first paint: ${inputs.map((i) => `${i.what}: ${i.ok ? 'kept' : 'LOST'}`).join('; ')}`);
    console.log(
      `Targets (medians): inert window ≤ ${TARGETS.inertMs} ms: ${verdict(inertMet)}; largest paint ≤ ${TARGETS.lcpRatio} × no-JS: ${verdict(ratioMet)}; input kept: ${verdict(inputsMet)}`,
    );

    console.log(`\n──────── bench:web: median (min–max) of ${RUNS} runs; Lighthouse 12.8 mobile preset, simulated throttling ────────`);
    console.log(
      `load average ${load()}; Lighthouse's benchmarkIndex of this machine ${fmt(rows.flatMap((r) => r.app.map((x) => x.benchmarkIndex)))}`,
    );
    const head = ['page', 'perf', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'baseline LCP ms', 'LCP app/base'];
    console.log(
      `${head[0]?.padEnd(28)}${head
        .slice(1)
        .map((h) => h.padStart(17))
        .join('')}`,
    );
    let met = true;
    for (const row of rows) {
      const ratio = median(row.app.map((r) => r.lcpMs)) / median(row.base.map((r) => r.lcpMs));
      const m = (f: (r: RunResult) => number) => median(row.app.map(f));
      met &&=
        m((r) => r.performance) >= TARGETS.performance &&
        m((r) => r.tbtMs) <= TARGETS.tbtMs &&
        m((r) => r.cls) <= TARGETS.cls &&
        ratio <= TARGETS.lcpRatio;
      const cells = [
        fmt(row.app.map((r) => r.performance)),
        fmt(row.app.map((r) => r.fcpMs)),
        fmt(row.app.map((r) => r.lcpMs)),
        fmt(row.app.map((r) => r.tbtMs)),
        fmt(
          row.app.map((r) => r.cls),
          3,
        ),
        fmt(row.base.map((r) => r.lcpMs)),
        ratio.toFixed(2),
      ];
      console.log(`${row.page.slice(0, 27).padEnd(28)}${cells.map((c) => c.padStart(17)).join('')}`);
    }
    console.log(
      `JS for / : ${totalKb.toFixed(1)} KB gz in ${scripts.length} files (gsap included); fetched before first paint ${beforePaintKb.toFixed(1)} KB gz`,
    );
    met &&= totalKb <= TARGETS.initialJsKb;
    console.log(
      `Targets (medians): performance ≥ ${TARGETS.performance}, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}, LCP app/baseline ≤ ${TARGETS.lcpRatio}, JS on / ≤ ${TARGETS.initialJsKb} KB gz: ${met ? 'all met' : 'NOT all met'}`,
    );
    return 0;
  } finally {
    baseline?.close();
    await browser.close();
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
