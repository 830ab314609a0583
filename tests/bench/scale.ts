// `npm run bench:scale` (docs/scale.md): what a sale day costs. Starts its own emulators with
// the production catalogue cache setting and the function counting its Firestore reads and
// writes (functions/src/lib/op-counter.ts), then, at 27, 1,000 and 10,000 products and 1,000
// and 50,000 orders in the month, prints the reads and writes of each route as the function
// makes them, the bytes of pictures per page at 360 and 1280 px (Chromium), and a monthly cost
// estimate for 100k sessions a day at 1 % conversion. A benchmark: it prints; it fails only
// when the run itself breaks.
//
// Each page view is the page itself plus the /api requests Chromium sees the page make,
// replayed one after another (so one emulator worker and its in-memory caches serve them, as
// one instance would). Per route it prints: cold (the first view after an admin edit), warm
// (median of 5 views right after), idle (a view after 4 s with no traffic: a timer-driven
// cache shows here) and after an order (a cache that orders clear shows here).
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { getApps, initializeApp } from 'firebase-admin/app';
import { chromium, type Browser } from 'playwright-core';
import { buildFunctions, buildWeb } from '../../scripts/lib/build.ts';
import { prepareEmulators, startEmulators, waitForApi } from '../../scripts/lib/emulators.ts';
import { emulatorEnv, HOST, HOSTING_URL, PORTS, PROJECT_ID, REGION } from '../../scripts/lib/env.ts';
import { chooseCardPayments, writeFunctionSettings } from '../../scripts/lib/function-settings.ts';
import { step } from '../../scripts/lib/run.ts';
import { LOCAL_WEBHOOK_SECRET, startStripeLocal, type StripeLocal } from '../../scripts/stripe-local/server.ts';
import { seed } from '../../scripts/seed.ts';
import { invoiceFromData, invoiceRow, istMonthOf, toPlainData, type TaxDocumentRow } from '@bagshop/domain';
import { recordTaxDocuments } from '../../functions/src/tax/months.ts';

const OPS_LOG = join(tmpdir(), `bagshop-ops-${process.pid}.log`);
const PRODUCT_SCALES = (process.env.BENCH_PRODUCTS ?? '27,1000,10000').split(',').map(Number);
const ORDER_SCALES = (process.env.BENCH_ORDERS ?? '1000,50000').split(',').map(Number);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Ops {
  reads: number;
  writes: number;
}

function opsSoFar(): Ops {
  let reads = 0;
  let writes = 0;
  let text = '';
  try {
    text = readFileSync(OPS_LOG, 'utf8');
  } catch {
    return { reads, writes };
  }
  for (const line of text.split('\n')) {
    const [r, w] = line.split(' ').map(Number);
    reads += r || 0;
    writes += w || 0;
  }
  return { reads, writes };
}

const logSize = () => {
  try {
    return statSync(OPS_LOG).size;
  } catch {
    return 0;
  }
};

/** Until the function has stopped counting (work it does after answering counts too). */
async function quiet(): Promise<void> {
  let size = logSize();
  let still = 0;
  const started = Date.now();
  while (still < 4 && Date.now() - started < 15_000) {
    await new Promise((r) => setTimeout(r, 100));
    const now = logSize();
    still = now === size ? still + 1 : 0;
    size = now;
  }
}

async function counted(work: () => Promise<unknown>): Promise<Ops> {
  await quiet();
  const before = opsSoFar();
  await work();
  await quiet();
  const after = opsSoFar();
  return { reads: after.reads - before.reads, writes: after.writes - before.writes };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function json<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${HOSTING_URL}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as T };
  } catch {
    // A function that ran out of time answers the emulator's plain-text page.
    throw new Error(`${path} answered ${res.status}: ${text.slice(0, 80)}`);
  }
}

/** Firebase Hosting gives a function it rewrites to 60 s to answer, whatever the function's own timeout. */
const HOSTING_TIMEOUT_S = 60;

/**
 * The admin's function itself, not through Hosting: the Hosting emulator, like Hosting, gives a
 * function 60 s to answer and then answers 504 while the function goes on reading, so a view
 * slower than that on the emulator would print its reads cut short and lend the rest to the
 * next figure. Asked directly, the function has its own timeout (300 s) and every read it makes
 * falls within the count; the time is printed against Hosting's 60 s.
 */
const ADMIN_FUNCTION_URL = `http://${HOST}:${PORTS.functions}/${PROJECT_ID}/${REGION}/adminApi`;

/** An admin screen's figures: the reads it made and its time, or that it failed. */
async function adminLoad(path: string, token: string): Promise<{ ops: Ops; seconds: number; failed?: string }> {
  let failed: string | undefined;
  let seconds = 0;
  const ops = await counted(async () => {
    const started = Date.now();
    try {
      const res = await fetch(`${ADMIN_FUNCTION_URL}/${path}`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(330_000),
      });
      const text = await res.text();
      if (res.status !== 200) failed = `HTTP ${res.status}: ${text.slice(0, 80)}`;
    } catch (error) {
      failed = `${error instanceof Error ? error.message : String(error)}`;
    }
    seconds = (Date.now() - started) / 1000;
  });
  return { ops, seconds, ...(failed ? { failed } : {}) };
}

/**
 * The Tax view's CSV export (a report: it reads the whole month, in the admin's function):
 * reads, rows, bytes and seconds. Never throws: a failure (an error status, a cut or timed-out
 * download) is reported with the figures, so it hides nothing printed after it.
 */
async function csvLoad(month: string, token: string): Promise<{ ops: Ops; rows: number; bytes: number; seconds: number; failed?: string }> {
  let failed: string | undefined;
  let rows = 0;
  let bytes = 0;
  const started = Date.now();
  const ops = await counted(async () => {
    try {
      const res = await fetch(`${HOSTING_URL}/api/admin/tax/csv?month=${month}`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(660_000),
      });
      const text = await res.text();
      bytes = Buffer.byteLength(text);
      if (res.status !== 200) failed = `HTTP ${res.status}: ${text.slice(0, 80)}`;
      rows = text.split('\r\n').filter((l) => l !== '').length - 1;
    } catch (error) {
      failed = `${error instanceof Error ? error.message : String(error)} after ${((Date.now() - started) / 1000).toFixed(0)} s`;
    }
  });
  return { ops, rows, bytes, seconds: (Date.now() - started) / 1000, ...(failed ? { failed } : {}) };
}

async function signIn(email: string, password: string): Promise<{ uid: string; token: string }> {
  const res = await fetch(`http://${HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { localId?: string; idToken?: string };
  if (!body.idToken || !body.localId) throw new Error(`could not sign in ${email}`);
  return { uid: body.localId, token: body.idToken };
}

// ---------------------------------------------------------------- data at scale

/** Copies of the demo products (and their variant stock) until there are `count`. */
async function growCatalogue(db: Firestore, count: number): Promise<void> {
  const all = await db.collection('products').get();
  const models = all.docs.filter((d) => !d.id.startsWith('scale-'));
  let have = all.size;
  let batch = db.batch();
  let inBatch = 0;
  const flush = async () => {
    if (inBatch) await batch.commit();
    batch = db.batch();
    inBatch = 0;
  };
  const stocks = await db.collection('variantStock').get();
  for (let i = 0; have < count; i += 1, have += 1) {
    const model = models[i % models.length];
    if (!model) break;
    const id = `scale-${have}`;
    const data = model.data();
    batch.set(db.doc(`products/${id}`), { ...data, name: `${String(data.name)} ${have}` });
    inBatch += 1;
    for (const s of stocks.docs.filter((d) => d.get('productId') === model.id)) {
      batch.set(db.doc(`variantStock/${id}~${s.id}`), { ...s.data(), productId: id });
      inBatch += 1;
    }
    if (inBatch >= 400) await flush();
  }
  await flush();
}

/** Copies of one confirmed, invoiced order spread over this month until the month has `count`. */
async function growOrders(db: Firestore, model: FirebaseFirestore.DocumentData, count: number): Promise<void> {
  const now = new Date();
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
  const span = Math.max(1, now.getTime() - monthStart - 60_000);
  const have = (await db.collection('orders').count().get()).data().count;
  // Copies are invoices only (no credit note), counted in the Tax view's month totals as the
  // single writer would count them (functions/src/tax/months.ts).
  const { creditNote: _creditNote, pendingCreditNote: _pending, ...copy } = model;
  const invoiceOf = (at: Timestamp) =>
    invoiceFromData(toPlainData({ ...model.invoice, issuedAt: at }, (v) => (v instanceof Timestamp ? v.toDate() : null)));
  let batch = db.batch();
  let inBatch = 0;
  let rows: TaxDocumentRow[] = [];
  const commit = async () => {
    recordTaxDocuments(db, (ref, data) => batch.set(ref, data, { merge: true }), rows);
    await batch.commit();
    batch = db.batch();
    inBatch = 0;
    rows = [];
  };
  for (let i = have; i < count; i += 1) {
    const at = Timestamp.fromMillis(monthStart + Math.floor((span * (i % 997)) / 997));
    const invoice = model.invoice && typeof model.invoice === 'object' ? { ...model.invoice, issuedAt: at } : model.invoice;
    batch.set(db.doc(`orders/scale-${i}`), { ...copy, createdAt: at, updatedAt: at, ...(invoice ? { invoice } : {}) });
    const parsed = invoice ? invoiceOf(at) : null;
    if (parsed) rows.push(invoiceRow(`scale-${i}`, parsed));
    inBatch += 1;
    if (inBatch >= 450) await commit();
  }
  if (inBatch) await commit();
}

// ---------------------------------------------------------------- pages

interface PageShape {
  path: string;
  api: string[];
  pictureBytes: { narrow: number; wide: number };
}

/** What Chromium fetches for a page: its /api GETs, and the bytes of its pictures at 360 and 1280 px. */
async function shapeOf(browser: Browser, path: string): Promise<PageShape> {
  const api = new Set<string>();
  const pictureBytes = { narrow: 0, wide: 0 };
  for (const [key, width] of [
    ['narrow', 360],
    ['wide', 1280],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    let bytes = 0;
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/api/') && res.request().method() === 'GET' && res.request().resourceType() !== 'image')
        api.add(url.pathname + url.search);
      if (res.request().resourceType() === 'image')
        pending.push(
          res
            .body()
            .then((b) => void (bytes += b.length))
            .catch(() => undefined),
        );
    });
    await page.goto(`${HOSTING_URL}${path}`, { waitUntil: 'networkidle' });
    // Pictures that load as the page is scrolled count too: a shopper scrolls a list.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
    });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    pictureBytes[key] = bytes;
    await context.close();
  }
  return { path, api: [...api], pictureBytes };
}

async function view(shape: PageShape, token?: string): Promise<void> {
  await fetch(`${HOSTING_URL}${shape.path}`).then((r) => r.arrayBuffer());
  for (const url of shape.api)
    await fetch(`${HOSTING_URL}${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).then((r) => r.arrayBuffer());
}

interface RouteFigures {
  route: string;
  cold: Ops;
  warm: Ops;
  idle?: Ops;
  afterOrder?: Ops;
}

const fmt = (o: Ops | undefined) => (o ? `${o.reads} r / ${o.writes} w` : '—');

function printTable(title: string, rows: RouteFigures[]): void {
  console.log(`\n  ${title}`);
  console.log(
    `    ${'route'.padEnd(22)}${'cold'.padEnd(20)}${'warm (median of 5)'.padEnd(22)}${'after 4 s idle'.padEnd(20)}after an order`,
  );
  for (const r of rows)
    console.log(`    ${r.route.padEnd(22)}${fmt(r.cold).padEnd(20)}${fmt(r.warm).padEnd(22)}${fmt(r.idle).padEnd(20)}${fmt(r.afterOrder)}`);
}

// ---------------------------------------------------------------- cost

/** Assumptions of the estimate, printed with it. Prices: Blaze, asia-south1 (Mumbai), USD. */
const MODEL = {
  sessionsPerDay: 100_000,
  conversion: 0.01,
  viewsPerSession: { home: 1, category: 2, product: 3, search: 0.5, cart: 0.3 },
  onlineShare: 0.6,
  instances: 3,
  adminEditsPerDay: 20,
  dashboardLoadsPerDay: 100,
  taxViewsPerDay: 5,
  narrowShare: 0.7,
  price: { readPer100k: 0.038, writePer100k: 0.115, transferPerGb: 0.15, invocationsPerMillion: 0.4 },
  free: { readsPerDay: 50_000, writesPerDay: 20_000, transferGbPerMonth: 10, invocationsPerMonth: 2_000_000 },
};

interface CostInput {
  routes: Record<string, RouteFigures>;
  admin: { dashboard: Ops; tax: Ops };
  pictures: Record<string, { narrow: number; wide: number }>;
  apiPerView: Record<string, number>;
}

function estimate(input: CostInput): void {
  const m = MODEL;
  const orders = m.sessionsPerDay * m.conversion;
  const views = Object.fromEntries(Object.entries(m.viewsPerSession).map(([k, v]) => [k, v * m.sessionsPerDay]));
  let reads = 0;
  let writes = 0;
  let refreshReads = 0;
  const catalogueRoutes = ['home', 'category', 'product', 'search'];
  for (const [route, n] of Object.entries(views)) {
    const r = input.routes[route];
    if (!r) continue;
    reads += n * r.warm.reads;
    writes += n * r.warm.writes;
  }
  // A catalogue cache refresh costs what a cold view costs above a warm one (the largest such
  // cost among routes, as they share the cache). It happens per instance: on a timer when the
  // idle view costs it, after every order when the after-order view costs it, and after edits.
  let timer = false;
  let onOrders = false;
  for (const route of catalogueRoutes) {
    const r = input.routes[route];
    if (!r) continue;
    const extra = Math.max(0, r.cold.reads - r.warm.reads);
    refreshReads = Math.max(refreshReads, extra);
    if (r.idle && extra > 0 && r.idle.reads - r.warm.reads >= extra / 2) timer = true;
    if (r.afterOrder && extra > 0 && r.afterOrder.reads - r.warm.reads >= extra / 2) onOrders = true;
  }
  const refreshesPerInstance = (timer ? 86_400 / 3 : 0) + (onOrders ? orders : 0) + m.adminEditsPerDay;
  const refreshReadsPerDay = refreshReads * refreshesPerInstance * m.instances;
  reads += refreshReadsPerDay;
  const order = input.routes.order;
  const webhook = input.routes.webhook;
  if (order) {
    reads += orders * order.warm.reads;
    writes += orders * order.warm.writes;
  }
  if (webhook) {
    reads += orders * m.onlineShare * webhook.warm.reads;
    writes += orders * m.onlineShare * webhook.warm.writes;
  }
  reads += m.dashboardLoadsPerDay * input.admin.dashboard.reads + m.taxViewsPerDay * input.admin.tax.reads;

  let pictureBytesPerSession = 0;
  const pictureOf: Record<string, string> = { home: 'home', category: 'category', product: 'product', search: 'search' };
  for (const [route, perSession] of Object.entries(m.viewsPerSession)) {
    const p = input.pictures[pictureOf[route] ?? ''];
    if (!p) continue;
    pictureBytesPerSession += perSession * (m.narrowShare * p.narrow + (1 - m.narrowShare) * p.wide);
  }
  const transferGbMonth = (pictureBytesPerSession * m.sessionsPerDay * 30) / 1e9;
  let invocations = 0;
  for (const [route, n] of Object.entries(views)) invocations += n * (input.apiPerView[route] ?? 0);
  invocations = invocations * 30 + orders * 30 * 3;

  const readsMonth = reads * 30;
  const writesMonth = writes * 30;
  const cost = {
    reads: Math.max(0, readsMonth - m.free.readsPerDay * 30) * (m.price.readPer100k / 100_000),
    writes: Math.max(0, writesMonth - m.free.writesPerDay * 30) * (m.price.writePer100k / 100_000),
    pictures: Math.max(0, transferGbMonth - m.free.transferGbPerMonth) * m.price.transferPerGb,
    invocations: Math.max(0, invocations - m.free.invocationsPerMonth) * (m.price.invocationsPerMillion / 1e6),
  };
  const total = cost.reads + cost.writes + cost.pictures + cost.invocations;
  const usd = (n: number) => `$${n.toFixed(2)}`;
  console.log('\n  Monthly estimate, 100k sessions a day, 1 % conversion');
  console.log(`    assumptions: ${JSON.stringify({ ...m, price: undefined, free: undefined })}`);
  console.log(`    prices (USD, Blaze, asia-south1, assumed): ${JSON.stringify(m.price)}; free tier ${JSON.stringify(m.free)}`);
  console.log(
    `    catalogue refreshes per instance a day: ${Math.round(refreshesPerInstance)} (timer ${timer}, on orders ${onOrders}), ${refreshReads} reads each`,
  );
  console.log(
    `    Firestore reads  ${(readsMonth / 1e6).toFixed(1)} M/month (of which cache refreshes ${((refreshReadsPerDay * 30) / 1e6).toFixed(1)} M) → ${usd(cost.reads)}`,
  );
  console.log(`    Firestore writes ${(writesMonth / 1e6).toFixed(2)} M/month → ${usd(cost.writes)}`);
  console.log(`    pictures         ${transferGbMonth.toFixed(0)} GB/month → ${usd(cost.pictures)}`);
  console.log(`    function calls   ${(invocations / 1e6).toFixed(1)} M/month → ${usd(cost.invocations)} (compute time not modelled)`);
  console.log(`    total            ${usd(total)} a month`);
}

/** What `contentionRun` counted. */
interface ContentionFigures {
  sent: number;
  placed: number;
  contended: number;
  otherRefused: number;
  others: Record<string, number>;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  stockTaken: number;
}

/**
 * `count` Buy Now COD orders of one line sent at `perSecond` (open loop: one every 1/perSecond s,
 * whatever the answers), from shoppers who each place at most 4 (under every per-shopper cap).
 */
async function contentionRun(
  db: Firestore,
  line: { productId: string; quantity: number; variantId?: string },
  count: number,
  perSecond: number,
): Promise<ContentionFigures> {
  const { createTestUser } = await import('../support/api.ts');
  const { addAddress } = await import('../support/commerce.ts');
  const shoppers = await Promise.all(
    Array.from({ length: Math.ceil(count / 4) }, async () => {
      const user = await createTestUser({ firstname: 'Rush' });
      return { token: user.idToken, addressId: await addAddress(user.uid) };
    }),
  );
  const stockRef = db.doc(`variantStock/${line.variantId ?? line.productId}`);
  const stockOf = async () =>
    Number((await stockRef.get()).get('stock') ?? (await db.doc(`products/${line.productId}`).get()).get('stock') ?? 0);
  // Workers first (one per concurrent request on the Functions emulator), a few at a time.
  for (let k = 2; k <= 12; k += 2) await Promise.all(shoppers.slice(0, k).map((s) => json('order/my-order', { token: s.token })));
  const before = await stockOf();
  const answers: { status: number; message: string; ms: number }[] = [];
  const sends: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    const shopper = shoppers[i % shoppers.length] as (typeof shoppers)[number];
    const started = Date.now();
    sends.push(
      json<{ message?: string }>('order', {
        method: 'POST',
        token: shopper.token,
        body: { paymentMethod: 'COD', addressId: shopper.addressId, ...line },
      }).then(
        (r) => void answers.push({ status: r.status, message: r.body.message ?? '', ms: Date.now() - started }),
        (error: unknown) => void answers.push({ status: 0, message: String(error), ms: Date.now() - started }),
      ),
    );
    await new Promise((r) => setTimeout(r, 1000 / perSecond));
  }
  await Promise.all(sends);
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const others: Record<string, number> = {};
  for (const a of answers.filter((x) => x.status !== 201 && !/Too many people/.test(x.message))) {
    const key = `${a.status} ${a.message.slice(0, 40)}`;
    others[key] = (others[key] ?? 0) + 1;
  }
  return {
    sent: count,
    placed: answers.filter((a) => a.status === 201).length,
    contended: answers.filter((a) => a.status === 409 && /Too many people/.test(a.message)).length,
    otherRefused: Object.values(others).reduce((a, b) => a + b, 0),
    others,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    maxMs: times.at(-1) ?? 0,
    stockTaken: before - (await stockOf()),
  };
}

// ---------------------------------------------------------------- run

async function main(): Promise<number> {
  step('Building');
  await buildFunctions();
  await buildWeb();
  rmSync(OPS_LOG, { force: true });
  writeFileSync(OPS_LOG, '');

  step('Starting the emulators (production catalogue cache, Firestore operations counted)');
  const env = await prepareEmulators();
  const payments = chooseCardPayments({});
  writeFunctionSettings({ appOrigin: HOSTING_URL, payments, env: { MAX_OPEN_COD_ORDERS: '1000000' } });
  const emulators = startEmulators(
    {
      ...env,
      CATALOG_CACHE_MS: '3000',
      BAGSHOP_OPS_LOG: OPS_LOG,
      RATE_LIMIT_ORDER: '1000000',
      RATE_LIMIT_SIGNIN: '1000000',
      RATE_LIMIT_SIGNUP: '1000000',
      RATE_LIMIT_PUBLIC_READ: '1000000',
    },
    { persist: false, logVerbosity: 'QUIET' },
  );
  let checkout: StripeLocal | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await checkout?.close();
    emulators.child.kill('SIGINT');
    await emulators.exited;
  };
  try {
    await Promise.race([waitForApi(), emulators.exited.then((code) => Promise.reject(new Error(`The emulators exited (${code})`)))]);
    for (const [key, value] of Object.entries(emulatorEnv())) process.env[key] ??= value;
    process.env.FIREBASE_EMULATOR_HUB ??= `${HOST}:${PORTS.hub}`;
    checkout = await startStripeLocal({
      port: PORTS.stripeLocal,
      webhookUrl: `${HOSTING_URL}/api/payment/webhook`,
      webhookSecret: LOCAL_WEBHOOK_SECRET,
    });
    step('Seeding the demo data');
    await seed({ force: true });
    const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
    const adminUser = await signIn('admin@bagshop.test', 'Admin@123');
    const { createTestUser } = await import('../support/api.ts');
    const { addAddress } = await import('../support/commerce.ts');
    const shopper = await createTestUser({ firstname: 'Scale' });
    const addressId = await addAddress(shopper.uid);
    const catalogue = (await json<{ data: { _id: string; variants?: { _id: string }[] }[] }>('products')).body.data;
    const first = catalogue.find((p) => !p.variants?.length) ?? catalogue[0];
    if (!first) throw new Error('no products');
    const line = { productId: first._id, quantity: 1, ...(first.variants?.length ? { variantId: first.variants[0]?._id } : {}) };
    // Enough stock for every order the benchmark places.
    for (const s of (await db.collection('variantStock').where('productId', '==', first._id).get()).docs)
      await s.ref.update({ stock: 1_000_000 });
    if (!first.variants?.length) await db.doc(`products/${first._id}`).update({ stock: 1_000_000 });
    await db.doc(`users/${shopper.uid}/cart/${first._id}`).set({ quantity: 1, addedAt: new Date(), updatedAt: new Date() });
    const placeCod = async () => {
      const placed = await json<{ data: { _id: string } }>('order', {
        method: 'POST',
        token: shopper.idToken,
        body: { paymentMethod: 'COD', addressId, ...line },
      });
      if (placed.status !== 201) throw new Error(`order answered ${placed.status}: ${JSON.stringify(placed.body)}`);
      const confirmed = await json(`order/${placed.body.data._id}/confirm-cod`, { method: 'POST', token: shopper.idToken, body: {} });
      if (confirmed.status !== 200) throw new Error(`confirm-cod answered ${confirmed.status}`);
      return placed.body.data._id;
    };
    // Contention (issue 37, docs/scale.md "Contention"): orders arriving at a steady 10 a second, all
    // buying the one variant, from shoppers who do not collide otherwise. Every answer is counted by
    // kind; an order refused because its transaction lost to another ("Too many people …") is the
    // contention figure, whose goal is 0.
    const contention = await contentionRun(db, line, Number(process.env.BENCH_CONTENTION_ORDERS ?? 100), 10);
    console.log(
      `\n  Contention: ${contention.sent} orders at 10/s on one variant → ${contention.placed} placed, ` +
        `${contention.contended} contention 409s, ${contention.otherRefused} other refusals ${JSON.stringify(contention.others)}; ` +
        `p50 ${contention.p50Ms} ms, p95 ${contention.p95Ms} ms, max ${contention.maxMs} ms; stock taken ${contention.stockTaken} ` +
        `(load ${loadavg()
          .map((x) => x.toFixed(2))
          .join(', ')})`,
    );
    if (process.env.BENCH_ONLY === 'contention') return 0;
    const adminEdit = async () => {
      const product = (await json<{ data: { name: string } }>(`products/${first._id}`)).body.data;
      const form = new FormData();
      form.set('name', product.name);
      const res = await fetch(`${HOSTING_URL}/api/products/${first._id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${adminUser.token}` },
        body: form,
      });
      if (!res.ok) throw new Error(`admin edit answered ${res.status}: ${await res.text()}`);
    };

    browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
    const pages: Record<string, string> = {
      home: '/',
      category: '/luggage',
      product: `/product/${first._id}`,
      search: '/search?q=trolley',
    };
    const shapes: Record<string, PageShape> = {};
    step('Reading what each page fetches (Chromium)');
    for (const [route, path] of Object.entries(pages)) shapes[route] = await shapeOf(browser, path);
    console.log('\n  Pictures per page (bytes, all pictures after scrolling the page)');
    for (const [route, s] of Object.entries(shapes))
      console.log(
        `    ${route.padEnd(10)} ${s.path.padEnd(24)} 360 px ${String(s.pictureBytes.narrow).padStart(10)}   1280 px ${String(s.pictureBytes.wide).padStart(10)}   /api calls: ${s.api.join(' ') || 'none'}`,
      );

    const routesAt = new Map<number, Record<string, RouteFigures>>();
    for (const products of PRODUCT_SCALES) {
      step(`${products} products`);
      await growCatalogue(db, products);
      const routes: Record<string, RouteFigures> = {};
      for (const [route, shape] of Object.entries(shapes)) {
        await adminEdit();
        const cold = await counted(() => view(shape));
        const warms: Ops[] = [];
        for (let i = 0; i < 5; i += 1) warms.push(await counted(() => view(shape)));
        const warm = { reads: median(warms.map((w) => w.reads)), writes: median(warms.map((w) => w.writes)) };
        await new Promise((r) => setTimeout(r, 4_000));
        const idle = await counted(() => view(shape));
        await view(shape);
        await placeCod();
        const afterOrder = await counted(() => view(shape));
        routes[route] = { route: `${route} ${shape.path}`.slice(0, 21), cold, warm, idle, afterOrder };
      }
      const cartWarms: Ops[] = [];
      const cartCold = await counted(() => json('cart', { token: shopper.idToken }));
      for (let i = 0; i < 5; i += 1) cartWarms.push(await counted(() => json('cart', { token: shopper.idToken })));
      routes.cart = { route: 'cart GET /api/cart', cold: cartCold, warm: cartWarms[2] ?? cartCold };
      const orderRuns: Ops[] = [];
      for (let i = 0; i < 3; i += 1) orderRuns.push(await counted(placeCod));
      routes.order = {
        route: 'COD order + confirm',
        cold: orderRuns[0] ?? { reads: 0, writes: 0 },
        warm: orderRuns[1] ?? { reads: 0, writes: 0 },
      };
      const hooks: Ops[] = [];
      for (let i = 0; i < 2; i += 1) {
        const placed = await json<{ data: { _id: string } }>('order', {
          method: 'POST',
          token: shopper.idToken,
          body: { paymentMethod: 'ONLINE', addressId, ...line },
        });
        if (placed.status !== 201) throw new Error(`card order answered ${placed.status}: ${JSON.stringify(placed.body)}`);
        const session = await json<{ data: { sessionId: string } }>('payment', {
          method: 'POST',
          token: shopper.idToken,
          body: { orderId: placed.body.data._id },
        });
        hooks.push(
          await counted(async () => {
            const paid = await fetch(`${checkout?.url}/c/pay/${session.body.data.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
            if (paid.status !== 303) throw new Error(`pay answered ${paid.status}`);
            for (let t = 0; t < 100; t += 1) {
              const status = (await db.doc(`orders/${placed.body.data._id}`).get()).get('payment.status');
              if (status === 'paid') return;
              await new Promise((r) => setTimeout(r, 100));
            }
            throw new Error('the webhook never confirmed the order');
          }),
        );
      }
      routes.webhook = { route: 'payment webhook', cold: hooks[0] ?? { reads: 0, writes: 0 }, warm: hooks[1] ?? { reads: 0, writes: 0 } };
      printTable(
        `${products} products (load ${loadavg()
          .map((x) => x.toFixed(2))
          .join(', ')})`,
        Object.values(routes),
      );
      routesAt.set(products, routes);
    }

    const model = (await db.collection('orders').where('invoice.number', '>', '').limit(1).get()).docs[0]?.data();
    if (!model) throw new Error('no invoiced order to copy');
    let adminFigures = { dashboard: { reads: 0, writes: 0 }, tax: { reads: 0, writes: 0 } };
    for (const count of ORDER_SCALES) {
      step(`${count} orders in the month`);
      await growOrders(db, model, count);
      const dashboard = await adminLoad('admin/dashboard', adminUser.token);
      const tax = await adminLoad('admin/tax', adminUser.token);
      const shown = (f: { ops: Ops; seconds: number; failed?: string }) =>
        `${fmt(f.ops)} in ${f.seconds.toFixed(1)} s (${f.seconds <= HOSTING_TIMEOUT_S ? 'within' : 'OVER'} Hosting's ${HOSTING_TIMEOUT_S} s)${f.failed ? ` (FAILED: ${f.failed})` : ''}`;
      // The views first: the CSV, a report of the whole month, takes longest and may fail.
      console.log(
        `\n  ${count} orders in the month (adminApi asked directly; load ${loadavg()
          .map((x) => x.toFixed(2))
          .join(', ')})`,
      );
      console.log(`  dashboard ${shown(dashboard)}`);
      console.log(`  Tax view  ${shown(tax)}`);
      adminFigures = { dashboard: dashboard.ops, tax: tax.ops };
      const csv = await csvLoad(istMonthOf(new Date()), adminUser.token);
      const withinHosting = csv.seconds <= HOSTING_TIMEOUT_S ? 'within' : 'OVER';
      console.log(
        `  Tax CSV (a report, in adminApi): ${fmt(csv.ops)}, ${csv.rows} rows, ${(csv.bytes / 1e6).toFixed(1)} MB in ${csv.seconds.toFixed(0)} s ` +
          `(${withinHosting} Hosting's ${HOSTING_TIMEOUT_S} s; load ${loadavg()
            .map((x) => x.toFixed(2))
            .join(', ')})${csv.failed ? ` (FAILED: ${csv.failed})` : ''}`,
      );
    }

    for (const [products, routes] of routesAt) {
      console.log(`\n  ── at ${products} products, ${ORDER_SCALES.at(-1)} orders in the month`);
      estimate({
        routes,
        admin: adminFigures,
        pictures: Object.fromEntries(Object.entries(shapes).map(([k, s]) => [k, s.pictureBytes])),
        apiPerView: Object.fromEntries(Object.entries(shapes).map(([k, s]) => [k, s.api.length + 1])),
      });
    }
    return 0;
  } finally {
    await stop();
    rmSync(OPS_LOG, { force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
