// `npm run bench:api`: builds, starts its own emulators (rate limits raised), seeds the demo
// data, then load-tests the API through Hosting with autocannon:
//   1. GET /api/products, 50 connections, 10 s (after a warm-up)
//   2. COD "Buy Now" orders, 10 connections, each connection a different shopper, 10 s
// Prints requests/s, p50/p95/p99 latency, errors and non-2xx. Not a pass/fail test; it exits
// non-zero only when the run itself breaks (or orders oversell).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { buildFunctions, buildWeb } from '../../scripts/lib/build.ts';
import { prepareEmulators, startEmulators, waitForApi } from '../../scripts/lib/emulators.ts';
import { emulatorEnv, FUNCTIONS_URL, HOSTING_URL, PORTS, PROJECT_ID, ROOT } from '../../scripts/lib/env.ts';
import { chooseCardPayments, writeFunctionSettings } from '../../scripts/lib/function-settings.ts';
import { step } from '../../scripts/lib/run.ts';
import { seed } from '../../scripts/seed.ts';

const SHOPPERS = 10;
const CATALOG = { connections: 50, duration: 10 };
const ORDERS = { connections: SHOPPERS, duration: 10 };

interface Figures {
  title: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

/** One autocannon run; latencies are collected per response so p95 is exact. */
function load(title: string, options: autocannon.Options): Promise<Figures> {
  return new Promise((done, fail) => {
    const latencies: number[] = [];
    const instance = autocannon({ ...options, title }, (error, result) => {
      if (error) {
        fail(error);
        return;
      }
      latencies.sort((a, b) => a - b);
      const statuses: Record<string, number> = {};
      for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
      const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
      done({
        title,
        requests: latencies.length,
        rps: latencies.length / seconds,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? 0,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        statuses,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

function print(f: Figures): void {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `\n  ${f.title}\n` +
      `    requests ${f.requests} in ${(f.requests / f.rps).toFixed(1)} s → ${f.rps.toFixed(1)} req/s\n` +
      `    latency  p50 ${ms(f.p50)}   p95 ${ms(f.p95)}   p99 ${ms(f.p99)}   max ${ms(f.max)}\n` +
      `    errors ${f.errors} (timeouts ${f.timeouts})   non-2xx ${f.non2xx}   statuses ${JSON.stringify(f.statuses)}`,
  );
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const json = (await res.json()) as { idToken?: string };
  if (!json.idToken) throw new Error(`could not sign in ${email}`);
  return json.idToken;
}

/** Shoppers with an address each, and one high-stock product per shopper for Buy Now. */
async function prepareShoppers(): Promise<{
  shoppers: { uid: string; token: string; addressId: string }[];
  productIds: string[];
  stockBefore: number;
}> {
  for (const [key, value] of Object.entries(emulatorEnv())) process.env[key] ??= value;
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  const db = getFirestore(app);
  const auth = getAuth(app);
  const run = Date.now().toString(36);
  const productIds: string[] = [];
  for (let i = 0; i < SHOPPERS; i += 1) {
    const ref = db.collection('products').doc(`bench-${run}-${i}`);
    const now = Timestamp.now();
    await ref.set({
      name: `Bench Duffle ${i}`,
      description: 'Benchmark stock',
      price: 1999,
      discount: 200,
      category: 'duffles',
      stock: 10_000,
      image: { url: '', hash: '' },
      createdAt: now,
      updatedAt: now,
    });
    productIds.push(ref.id);
  }
  const shoppers = await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, i) => {
      const email = `bench-${run}-${i}@bench.bagshop.test`;
      const user = await auth.createUser({ email, password: 'Bench@123', displayName: `Bench Shopper${i}` });
      await db.doc(`users/${user.uid}`).set({
        fullname: { firstname: 'Bench', lastname: `Shopper${i}` },
        email,
        phonenumber: '9000000000',
        role: 'customer',
        createdAt: Timestamp.now(),
        updatedAt: Timestamp.now(),
      });
      const address = db.collection(`users/${user.uid}/addresses`).doc();
      await address.set({
        street: `${i} Bench Street`,
        city: 'Chennai',
        state: 'Tamil Nadu',
        postalCode: '600001',
        country: 'India',
        landmark: '',
        createdAt: Timestamp.now(),
      });
      // A cart line too, as a real shopper would have; Buy Now leaves the rest of it alone.
      await db
        .doc(`users/${user.uid}/cart/${productIds[i % productIds.length]}`)
        .set({ quantity: 1, addedAt: Timestamp.now(), updatedAt: Timestamp.now() });
      return { uid: user.uid, token: await signIn(email, 'Bench@123'), addressId: address.id };
    }),
  );
  return { shoppers, productIds, stockBefore: 10_000 * productIds.length };
}

async function main(): Promise<number> {
  step('Building');
  await buildFunctions();
  if (!existsSync(resolve(ROOT, 'web/dist/index.html'))) await buildWeb();

  step('Starting the emulators for the benchmark (rate limits raised)');
  const env = await prepareEmulators();
  // The benchmark's shoppers each keep many COD orders pending: lift the per-shopper cap
  // (the line and card-order limits do not come into it).
  writeFunctionSettings({ appOrigin: HOSTING_URL, payments: chooseCardPayments({}), env: { MAX_OPEN_COD_ORDERS: '1000000' } });
  const emulators = startEmulators(
    // The catalogue cache follows meta/catalog's version, on the emulators as in production (decision 0031).
    {
      ...env,
      RATE_LIMIT_ORDER: '1000000',
      RATE_LIMIT_SIGNIN: '1000000',
      RATE_LIMIT_SIGNUP: '1000000',
      RATE_LIMIT_PUBLIC_READ: '1000000',
    },
    // QUIET: the emulator CLI otherwise prints three lines per request (Hosting's rewrite,
    // the function's begin/finish) from the same single process that proxies every request.
    { persist: false, logVerbosity: 'QUIET' },
  );
  const stop = async () => {
    emulators.child.kill('SIGINT');
    await emulators.exited;
  };
  try {
    await Promise.race([waitForApi(), emulators.exited.then((code) => Promise.reject(new Error(`The emulators exited (${code})`)))]);
    step('Seeding');
    for (const [key, value] of Object.entries(emulatorEnv())) process.env[key] ??= value;
    await seed({ force: true });
    const { shoppers, productIds, stockBefore } = await prepareShoppers();

    step('Warming up');
    // The Functions emulator runs one worker process per concurrent request; starting 50 at
    // once on a small machine times out, so bring them up a few at a time first.
    await warmWorkers(CATALOG.connections);
    // Long enough for V8 to optimise the hot path in every one of the 50 worker processes.
    await load('warm-up GET /api/products', { url: `${HOSTING_URL}/api/products`, connections: CATALOG.connections, duration: 10 });
    const warmOrders = await load('warm-up POST /api/order', {
      url: `${HOSTING_URL}/api/order`,
      method: 'POST',
      connections: SHOPPERS,
      amount: SHOPPERS * 2,
      setupClient: setupShopper(shoppers, productIds),
    });

    step('GET /api/products — 1 and 10 connections, 5 s each (for comparison)');
    const single = await load('GET /api/products ×1', { url: `${HOSTING_URL}/api/products`, connections: 1, duration: 5 });
    print(single);
    const ten = await load('GET /api/products ×10', { url: `${HOSTING_URL}/api/products`, connections: 10, duration: 5 });
    print(ten);

    step(`GET /api/products — ${CATALOG.connections} connections, ${CATALOG.duration} s`);
    const catalog = await load('GET /api/products', { url: `${HOSTING_URL}/api/products`, ...CATALOG });
    print(catalog);

    // Where the time goes at 50 connections: the same route without the Hosting emulator's
    // proxy in front, and the Hosting proxy in front of a route that does no work at all.
    step(`Floor of the emulator chain — ${CATALOG.connections} connections, ${CATALOG.duration} s each`);
    const direct = await load('GET products, Functions direct', { url: `${FUNCTIONS_URL}/products`, ...CATALOG });
    print(direct);
    const floor = await load('GET /api/health via Hosting', { url: `${HOSTING_URL}/api/health`, ...CATALOG });
    print(floor);

    step(`POST /api/order (COD, Buy Now ×1) — ${ORDERS.connections} shoppers, each buying a different product, ${ORDERS.duration} s`);
    const orders = await load('POST /api/order (COD Buy Now)', {
      url: `${HOSTING_URL}/api/order`,
      method: 'POST',
      ...ORDERS,
      setupClient: setupShopper(shoppers, productIds),
    });
    print(orders);

    // The worst case for a shop: everyone buys the same product at once. Every order's
    // transaction locks that product document, so they queue (and the Firestore emulator's
    // lock handling makes some wait for the SDK's retry back-off; firebase-tools#6758, docs/decisions/0016-demo-data-and-tests-on-emulators.md).
    step(`POST /api/order — ${ORDERS.connections} shoppers all buying the same product, ${ORDERS.duration} s`);
    const hot = await load('POST /api/order (same product)', {
      url: `${HOSTING_URL}/api/order`,
      method: 'POST',
      ...ORDERS,
      setupClient: setupShopper(shoppers, productIds.slice(0, 1)),
    });
    print(hot);

    // Consistency: every order written took exactly one unit of stock. (Requests still in
    // flight when autocannon stops are placed but not counted by autocannon, so compare with
    // the orders in Firestore.)
    const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));
    const measure = async () => {
      const snaps = await Promise.all(productIds.map((id) => db.doc(`products/${id}`).get()));
      const stock = snaps.reduce((sum, s) => sum + Number(s.get('stock') ?? 0), 0);
      const counts = await Promise.all(shoppers.map((s) => db.collection('orders').where('userId', '==', s.uid).count().get()));
      return { stock, written: counts.reduce((sum, c) => sum + c.data().count, 0) };
    };
    // Requests still in flight when autocannon stops keep committing: read until it settles.
    let settled = await measure();
    for (let i = 0; i < 30; i += 1) {
      await new Promise((r) => setTimeout(r, 1000));
      const again = await measure();
      const same = again.stock === settled.stock && again.written === settled.written;
      settled = again;
      if (same) break;
    }
    const { stock: stockAfter, written } = settled;
    const answered = (orders.statuses['201'] ?? 0) + (hot.statuses['201'] ?? 0) + (warmOrders.statuses['201'] ?? 0);
    console.log(
      `\n  stock taken ${stockBefore - stockAfter}; orders in Firestore ${written}; answered 201 ${answered} (the rest were in flight at the end)`,
    );
    const consistent = stockBefore - stockAfter === written && stockAfter >= 0;
    console.log(consistent ? '  ✔ stock taken matches the orders written' : '  ✖ stock taken does not match the orders written');

    console.log('\n──────── Benchmark summary (Hosting emulator → function → Firestore emulator) ────────');
    for (const f of [single, ten, catalog, direct, floor, orders, hot]) {
      console.log(
        `${f.title.padEnd(30)} ${f.rps.toFixed(1).padStart(7)} req/s  p50 ${f.p50.toFixed(0).padStart(4)} ms  p95 ${f.p95.toFixed(0).padStart(4)} ms  p99 ${f.p99.toFixed(0).padStart(4)} ms  errors ${f.errors}  non-2xx ${f.non2xx}`,
      );
    }
    console.log(
      `\nCatalog p95 at ${CATALOG.connections} connections through Hosting: ${catalog.p95.toFixed(0)} ms (target ≤ 100 ms). ` +
        `The Functions emulator alone serves it at p95 ${direct.p95.toFixed(0)} ms; the Hosting emulator's proxy in front of ` +
        `an empty health route already costs p95 ${floor.p95.toFixed(0)} ms (docs/orders-and-payments.md, Benchmark).`,
    );
    return consistent ? 0 : 1;
  } finally {
    await stop();
  }
}

async function warmWorkers(n: number, stepSize = 5): Promise<void> {
  for (let k = stepSize; k < n + stepSize; k += stepSize) {
    const t = Date.now();
    await Promise.all(Array.from({ length: Math.min(k, n) }, () => fetch(`${HOSTING_URL}/api/products`).then((r) => r.arrayBuffer())));
    process.stdout.write(`  ${Math.min(k, n)} concurrent: ${Date.now() - t} ms\n`);
  }
}

/** Gives each autocannon connection its own shopper (token, address) and product. */
function setupShopper(shoppers: { token: string; addressId: string }[], productIds: string[]) {
  let next = 0;
  return (client: autocannon.Client) => {
    const i = next % shoppers.length;
    next += 1;
    const shopper = shoppers[i];
    if (!shopper) return;
    client.setHeadersAndBody(
      { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
      JSON.stringify({ paymentMethod: 'COD', addressId: shopper.addressId, productId: productIds[i % productIds.length], quantity: 1 }),
    );
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
