// `npm test`: typecheck, lint, unit tests, then the rules, API and browser tests under
// `firebase emulators:exec`. Ends with one summary line of counts.
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildFunctions, buildWeb } from './lib/build.ts';
import { ensureChromium } from './lib/chromium.ts';
import { ensurePoppler } from './lib/poppler.ts';
import { execWithEmulators, prepareEmulators } from './lib/emulators.ts';
import { HOSTING_URL, PORTS, ROOT } from './lib/env.ts';
import { writeFunctionSettings } from './lib/function-settings.ts';
import { LOCAL_SECRET_KEY, LOCAL_WEBHOOK_SECRET } from './stripe-local/server.ts';
import { run, step } from './lib/run.ts';
import { readCounts, readFailures, readFileTimings, timingTable, vitestArgs, type Counts } from './lib/vitest-report.ts';

const started = Date.now();
const results: { stage: string; ok: boolean; counts?: Counts; seconds: number }[] = [];

async function stage(name: string, fn: () => Promise<boolean>, counts?: () => Counts): Promise<boolean> {
  const t = Date.now();
  let ok = false;
  try {
    ok = await fn();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    ok = false;
  }
  results.push({ stage: name, ok, ...(counts ? { counts: counts() } : {}), seconds: (Date.now() - t) / 1000 });
  return ok;
}

const bin = (name: string) => resolve(ROOT, 'node_modules/.bin', name);
rmSync(resolve(ROOT, 'test-results'), { recursive: true, force: true });
mkdirSync(resolve(ROOT, 'test-results'), { recursive: true });

// A run of some emulator stages (BAGSHOP_TEST_ONLY, CONTRIBUTING.md) skips the checks that do not
// need the emulators; `npm test` alone runs everything.
if (!process.env.BAGSHOP_TEST_ONLY) {
  step('Typecheck');
  await stage('typecheck', async () => (await run('npm', ['run', '--silent', 'typecheck'])) === 0);
  step('Lint');
  // Lint is ESLint (boundaries, cycles, citations) and Prettier's check (docs/platform.md "Lint").
  await stage(
    'lint',
    async () => (await run(bin('eslint'), ['.', '--max-warnings=0'])) === 0 && (await run(bin('prettier'), ['--check', '.'])) === 0,
  );
  step('Unit and component tests');
  await stage(
    'unit + web',
    async () => (await run(bin('vitest'), vitestArgs(['unit', 'web'], 'test-results/unit.json'))) === 0,
    () => readCounts(resolve(ROOT, 'test-results/unit.json')),
  );
}

const built = await stage('build', async () => {
  // The main run's function takes Stripe (the default) whatever the shell has; the web app's label follows.
  process.env.PAYMENT_PROVIDER = 'stripe';
  await buildFunctions();
  await buildWeb();
  return true;
});

/**
 * One `firebase emulators:exec` run of some suites (scripts/test-emulated.ts). The function
 * has both providers' stand-ins configured; `provider` is PAYMENT_PROVIDER, which new online
 * orders take and which the web app's checkout label follows (built with it).
 */
async function emulatorRun(suites: string[], provider: 'stripe' | 'razorpay'): Promise<boolean> {
  ensureChromium();
  ensurePoppler();
  const env = await prepareEmulators();
  // The function talks to the local test checkouts (scripts/stripe-local, razorpay-local), which
  // the API and browser tests start themselves on these ports, so they can look at what they were sent.
  // Test runs take the defaults, whatever the shell has set (tests shorten holds themselves).
  const stripeLocalUrl = `http://127.0.0.1:${PORTS.stripeLocal}`;
  writeFunctionSettings({
    appOrigin: HOSTING_URL,
    payments: { mode: 'local', url: stripeLocalUrl, secretKey: LOCAL_SECRET_KEY, webhookSecret: LOCAL_WEBHOOK_SECRET },
    // No grace: the tests end holds themselves.
    env: { PAYMENT_GRACE_SECONDS: '0', PAYMENT_PROVIDER: provider },
  });
  step(`Starting the emulators for the ${suites.join(', ')} tests (PAYMENT_PROVIDER=${provider})`);
  const code = await execWithEmulators(
    {
      ...env,
      BAGSHOP_TEST_ONLY: suites.join(','),
      STRIPE_LOCAL_PORT: String(PORTS.stripeLocal),
      // The API and browser tests start the local test courier (scripts/courier-local) here.
      COURIER_LOCAL_PORT: String(PORTS.courierLocal),
      // And the local IRP (scripts/irp-local; the function's EINVOICE_API_BASE points there).
      IRP_LOCAL_PORT: String(PORTS.irpLocal),
      RAZORPAY_LOCAL_PORT: String(PORTS.razorpayLocal),
      // The WhatsApp tests start the local stand-in (scripts/whatsapp-local) here; the function's WHATSAPP_API_BASE points there.
      WHATSAPP_LOCAL_PORT: String(PORTS.whatsappLocal),
      MAIL_LOCAL_PORT: String(PORTS.mailLocal),
      // Every test request comes from 127.0.0.1: raise the per-IP abuse limits. The
      // per-account limits stay as in production, and the API tests check their 429s.
      RATE_LIMIT_SIGNUP: '100000',
      RATE_LIMIT_SIGNIN: '100000',
      RATE_LIMIT_FORGET_PASSWORD: '100000',
      RATE_LIMIT_PUBLIC_READ: '100000',
      RATE_LIMIT_COUPON_IP: '100000',
      RATE_LIMIT_RETURN_REQUEST_IP: '100000',
    },
    `${bin('tsx')} scripts/test-emulated.ts`,
  );
  return code === 0;
}

const countsOf = (suites: string[]) => () =>
  suites
    .map((s) => readCounts(resolve(ROOT, `test-results/${s}.json`)))
    .reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }));

const only = process.env.BAGSHOP_TEST_ONLY?.split(',').filter(Boolean);
const mainSuites = ['rules', 'api', 'e2e'].filter((s) => !only || only.includes(s));
// The browser journey with PAYMENT_PROVIDER=razorpay (issue 24) needs the function and the web
// app set for Razorpay: a second, short emulator run after the others.
const razorpaySuites = ['e2e-razorpay'].filter((s) => !only || only.includes(s));

if (built && mainSuites.length > 0) {
  await stage(`emulator suites (${mainSuites.join(', ')})`, () => emulatorRun(mainSuites, 'stripe'), countsOf(mainSuites));
}
if (built && razorpaySuites.length > 0) {
  await stage(
    'emulator journey (PAYMENT_PROVIDER=razorpay)',
    async () => {
      process.env.PAYMENT_PROVIDER = 'razorpay';
      await buildWeb();
      return emulatorRun(razorpaySuites, 'razorpay');
    },
    countsOf(razorpaySuites),
  );
}

console.log('\n──────── Summary ────────');
for (const r of results) {
  const counts = r.counts
    ? `  ${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.skipped ? `, ${r.counts.skipped} skipped` : ''}`
    : '';
  console.log(`${r.ok ? '✔' : '✖'} ${r.stage.padEnd(36)} ${r.seconds.toFixed(1).padStart(6)} s${counts}`);
}
const total = results.reduce(
  (a, r) => ({
    passed: a.passed + (r.counts?.passed ?? 0),
    failed: a.failed + (r.counts?.failed ?? 0),
    skipped: a.skipped + (r.counts?.skipped ?? 0),
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const allOk = results.every((r) => r.ok) && results.some((r) => r.stage.startsWith('emulator'));
// A failed stage without test counts (typecheck, lint, build) counts as one failure.
const stageFailures = results.filter((r) => !r.ok && (!r.counts || r.counts.failed === 0)).length;
// The failed tests by name, last, so that the end of a long CI log says what failed.
const failures = ['unit', ...mainSuites, ...razorpaySuites].flatMap((s) =>
  readFailures(resolve(ROOT, `test-results/${s}.json`)).map((f) => `  ✖ [${s}] ${f}`),
);
const timings = [
  ...readFileTimings(resolve(ROOT, 'test-results/unit.json'), 'unit + web'),
  ...[...mainSuites, ...razorpaySuites].flatMap((s) => readFileTimings(resolve(ROOT, `test-results/${s}.json`), s)),
];
if (timings.length > 0) console.log(timingTable(timings).join('\n'));
if (failures.length > 0) console.log(['Failed tests:', ...failures].join('\n'));
console.log(`Wall time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${total.passed} passed, ${total.failed + stageFailures} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);
