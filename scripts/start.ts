// `npm start` (and `npm run dev`, `npm run reset`): build, start the emulator suite with
// the demo data, and serve the shop. Ctrl-C stops everything and keeps your local data.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildFunctions, buildWeb } from './lib/build.ts';
import { DATA_DIR, emulatorEnv, prepareEmulators, startEmulators, waitForApi } from './lib/emulators.ts';
import { HOSTING_URL, PORTS, ROOT, SWEEP_URL, webBuildEnv } from './lib/env.ts';
import { chooseCardPayments, chooseRazorpay, startHoldSweeper, sweepIntervalMs, writeFunctionSettings } from './lib/function-settings.ts';
import { startReviewRequestSweeper } from './lib/review-requests.ts';
import { startComebackSweeper } from './lib/comeback-sweeper.ts';
import { checkPorts, PreflightError } from './lib/preflight.ts';
import { run, step } from './lib/run.ts';
import { DEMO_ACCOUNTS } from './seed.ts';
import { startRazorpayLocal, type RazorpayLocal } from './razorpay-local/server.ts';
import { startStripeLocal, type StripeLocal } from './stripe-local/server.ts';
import { LOCAL_COURIER_WEBHOOK_TOKEN, startCourierLocal, type CourierLocal } from './courier-local/server.ts';
import { startMailLocal, type MailLocal } from './mail-local/server.ts';
import { startWhatsAppLocal, type WhatsAppLocal } from './whatsapp-local/server.ts';
import { startIrpLocal, type IrpLocal } from './irp-local/server.ts';

const dev = process.argv.includes('--dev');
/** The local test checkout's sessions and refunds, kept across restarts like the emulator data. */
const STRIPE_LOCAL_STATE = resolve(DATA_DIR, '..', 'stripe-local.json');
/** The local test courier's shipments (docs/fulfilment.md), kept the same way. */
const COURIER_LOCAL_STATE = resolve(DATA_DIR, '..', 'courier-local.json');
const reset = process.argv.includes('--reset');

async function main(): Promise<number> {
  const started = Date.now();
  step('Checking Java, the Firestore emulator and the ports');
  const env = await prepareEmulators();
  if (dev) await checkPorts(['vite']);
  // Card payments: real Stripe (test mode) with a key, else the local test checkout.
  const payments = chooseCardPayments();
  if (payments.mode === 'local') await checkPorts(['stripeLocal']);
  const localCourier = process.env.COURIER_PROVIDER?.trim() !== 'manual';
  if (localCourier) await checkPorts(['courierLocal']);
  await checkPorts(['mailLocal']);
  const localWhatsApp = process.env.WHATSAPP?.trim().toLowerCase() !== 'off';
  if (localWhatsApp) await checkPorts(['whatsappLocal']);
  await checkPorts(['irpLocal']);
  // PAYMENT_PROVIDER=razorpay: real Razorpay test keys, else the local Razorpay test checkout.
  const useRazorpay = process.env.PAYMENT_PROVIDER?.trim().toLowerCase() === 'razorpay';
  const razorpayPayments = chooseRazorpay();
  if (useRazorpay && razorpayPayments.mode === 'local') await checkPorts(['razorpayLocal']);
  const url = dev ? `http://127.0.0.1:${PORTS.vite}` : HOSTING_URL;
  const settings = writeFunctionSettings({ appOrigin: url, payments, razorpay: razorpayPayments });

  await buildFunctions();
  if (!dev) await buildWeb();

  if (reset) {
    step('Reset: removing local emulator data');
    rmSync(DATA_DIR, { recursive: true, force: true });
    rmSync(STRIPE_LOCAL_STATE, { force: true });
    rmSync(COURIER_LOCAL_STATE, { force: true });
  }

  let stripeLocal: StripeLocal | undefined;
  if (payments.mode === 'local') {
    stripeLocal = await startStripeLocal({
      port: PORTS.stripeLocal,
      webhookUrl: `${HOSTING_URL}/api/payment/webhook`,
      webhookSecret: payments.webhookSecret,
      stateFile: STRIPE_LOCAL_STATE,
      log: (line) => console.log(`\x1b[35mtest checkout\x1b[0m ${line}`),
    });
  }

  let courierLocal: CourierLocal | undefined;
  if (localCourier) {
    courierLocal = await startCourierLocal({
      port: PORTS.courierLocal,
      webhookUrl: `${HOSTING_URL}/api/shipping/webhook`,
      webhookToken: LOCAL_COURIER_WEBHOOK_TOKEN,
      stateFile: COURIER_LOCAL_STATE,
      log: (line) => console.log(`\x1b[36mtest courier\x1b[0m ${line}`),
    });
  }

  // The local e-invoice portal (docs/gst-b2b.md "E-invoicing"): used once the seller turns e-invoicing on.
  const irpLocal: IrpLocal = await startIrpLocal({
    port: PORTS.irpLocal,
    log: (line) => console.log(`\x1b[35mlocal IRP\x1b[0m ${line}`),
  });

  let razorpayLocal: RazorpayLocal | undefined;
  if (useRazorpay && razorpayPayments.mode === 'local') {
    razorpayLocal = await startRazorpayLocal({
      port: PORTS.razorpayLocal,
      webhookUrl: `${HOSTING_URL}/api/payment/razorpay/webhook`,
      webhookSecret: razorpayPayments.webhookSecret,
      log: (line) => console.log(`\x1b[35mrazorpay test checkout\x1b[0m ${line}`),
    });
  }

  // The queued mails, drawn (scripts/mail-local): it reads the Firestore emulator when asked.
  const mailLocal: MailLocal = await startMailLocal({ port: PORTS.mailLocal, firestoreHost: emulatorEnv().FIRESTORE_EMULATOR_HOST });

  // The WhatsApp Cloud API stand-in (scripts/whatsapp-local): each phone's messages as a chat.
  let whatsappLocal: WhatsAppLocal | undefined;
  if (localWhatsApp) {
    whatsappLocal = await startWhatsAppLocal({
      port: PORTS.whatsappLocal,
      webhookUrl: `${HOSTING_URL}/api/webhooks/whatsapp`,
      log: (line) => console.log(`\x1b[32mwhatsapp\x1b[0m ${line}`),
    });
  }

  step('Starting the Firebase emulators (auth, firestore, functions, hosting)');
  const emulators = startEmulators(env, { persist: true });
  let vite: ChildProcess | undefined;
  const sweeper = { stop: () => undefined as void };
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping (local data is exported to .emulators/data)…');
    sweeper.stop();
    void stripeLocal?.close();
    void courierLocal?.close();
    void irpLocal.close();
    void razorpayLocal?.close();
    void mailLocal.close();
    void whatsappLocal?.close();
    vite?.kill('SIGTERM');
    emulators.child.kill('SIGINT');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const ready = Promise.race([waitForApi(), emulators.exited.then((code) => Promise.reject(new Error(`The emulators exited (${code})`)))]);
  await ready;

  step('Loading the demo data');
  const seedCode = await run(resolve(ROOT, 'node_modules/.bin/tsx'), ['scripts/seed.ts', ...(reset ? ['--force'] : [])], {
    env: { ...process.env, ...emulatorEnv() },
  });
  if (seedCode !== 0) {
    stop();
    return seedCode;
  }
  // Scheduled functions do not fire on the emulators: the hold sweep runs on a timer here.
  sweeper.stop = startHoldSweeper(SWEEP_URL, sweepIntervalMs(settings.paymentHoldSeconds), (message) => console.error(message));
  startReviewRequestSweeper((message) => console.error(message)); // its timer ends with the process
  startComebackSweeper((message) => console.error(message)); // back in stock, price drops (docs/comeback.md)
  const productsRes = await fetch(`${HOSTING_URL}/api/products`);
  const products = ((await productsRes.json()) as { data?: unknown[] }).data?.length ?? 0;

  if (dev) {
    step('Starting Vite (hot reload)');
    vite = spawn(resolve(ROOT, 'node_modules/.bin/vite'), ['--host', '127.0.0.1', '--port', String(PORTS.vite), '--strictPort'], {
      cwd: resolve(ROOT, 'web'),
      stdio: 'inherit',
      env: { ...process.env, ...webBuildEnv() },
    });
  }

  const { admin, shopper } = DEMO_ACCOUNTS;
  const razorpayLine =
    razorpayPayments.mode === 'local'
      ? `Razorpay local test checkout at ${razorpayPayments.url}`
      : `real Razorpay (test mode); add a webhook to ${HOSTING_URL}/api/payment/razorpay/webhook through a tunnel`;
  const cardLine =
    payments.mode === 'local'
      ? `local test checkout at ${payments.url} (no money moves; set STRIPE_SECRET_KEY=sk_test_… for real Stripe)`
      : `real Stripe (test mode); forward its webhooks with: stripe listen --forward-to ${HOSTING_URL}/api/payment/webhook`;
  const holdMinutes =
    settings.paymentHoldSeconds >= 120 ? `${Math.round(settings.paymentHoldSeconds / 60)} min` : `${settings.paymentHoldSeconds} s`;
  console.log(`
\x1b[1;32m  Bagshop is running: ${url}\x1b[0m   (${products} products; ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  API:        ${HOSTING_URL}/api/products
${useRazorpay ? `  Online payments: ${razorpayLine}` : `  Card payments: ${cardLine}`}
  Unpaid card orders hold their stock for ${holdMinutes} (PAYMENT_HOLD_SECONDS)
  IRP: local e-invoice portal at ${irpLocal.url} (e-invoicing is off until the seller settings turn it on)
  ${courierLocal ? `Courier: local test courier at ${courierLocal.url}` : 'Courier: manual (COURIER_PROVIDER=manual): the admin types courier and AWB'}
  Mail: local test inbox at ${mailLocal.url}
  ${whatsappLocal ? `WhatsApp: local test inbox at ${whatsappLocal.url}` : 'WhatsApp: off (WHATSAPP=off)'}
  Demo admin:   ${admin.email} / ${admin.password}
  Demo shopper: ${shopper.email} / ${shopper.password}
  Ctrl-C stops everything. \`npm run reset\` starts again from the demo data.
`);
  return emulators.exited;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof PreflightError) console.error(`\n\x1b[31m✖ ${error.message}\x1b[0m`);
    else console.error(error);
    process.exit(1);
  },
);
