// The settings the function runs with on the emulators (functions/src/config.ts), written
// from the environment of `npm start` / `npm test` before the emulators start:
//   functions/.env.demo-bagshop  the params (APP_ORIGIN, PAYMENT_HOLD_SECONDS, the limits…)
//                                and STRIPE_API_BASE; git-ignored, rewritten every start.
//   functions/.secret.local      the two Stripe secrets; the Functions emulator reads secrets
//                                from this file only (otherwise it asks Secret Manager).
// firebase-tools gives a param's value from the project's .env files precedence over the
// shell's, so this file is how `PAYMENT_HOLD_SECONDS=15 npm start` reaches the function.
// A .secret.local you wrote yourself (without our first line) is left alone and used.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, parseConfig, type ServerConfig } from '../../functions/src/config.ts';
import { LOCAL_RAZORPAY_KEY_ID, LOCAL_RAZORPAY_KEY_SECRET, LOCAL_RAZORPAY_WEBHOOK_SECRET } from '../razorpay-local/server.ts';
import { LOCAL_SECRET_KEY, LOCAL_WEBHOOK_SECRET } from '../stripe-local/server.ts';
import {
  LOCAL_COURIER_EMAIL,
  LOCAL_COURIER_PASSWORD,
  LOCAL_COURIER_WEBHOOK_TOKEN,
  LOCAL_ORDER_LINK_SECRET,
} from '../courier-local/server.ts';
import {
  LOCAL_WHATSAPP_APP_SECRET,
  LOCAL_WHATSAPP_PHONE_NUMBER_ID,
  LOCAL_WHATSAPP_TOKEN,
  LOCAL_WHATSAPP_VERIFY_TOKEN,
} from '../whatsapp-local/server.ts';
import {
  LOCAL_EINVOICE_CLIENT_ID,
  LOCAL_EINVOICE_CLIENT_SECRET,
  LOCAL_EINVOICE_PASSWORD,
  LOCAL_EINVOICE_USERNAME,
} from '../irp-local/server.ts';
import { PORTS, PROJECT_ID, ROOT } from './env.ts';

/** The emulators' key for unsubscribe and alert-confirm links (MESSAGE_LINK_SECRET; tests sign with it too). */
export const LOCAL_MESSAGE_LINK_SECRET = 'message-link-secret-local';
import { PreflightError } from './preflight.ts';

const FUNCTIONS_DIR = resolve(ROOT, 'functions');
export const PARAMS_FILE = resolve(FUNCTIONS_DIR, `.env.${PROJECT_ID}`);
export const SECRETS_FILE = resolve(FUNCTIONS_DIR, '.secret.local');
const MARK = '# Written by npm start / npm test from their environment (scripts/lib/function-settings.ts); edits are overwritten.';

/** Non-secret params, with the emulator default when the environment does not set them. */
const PARAMS = [
  'TRUST_PROXY_HOPS',
  'PAYMENT_HOLD_SECONDS',
  'MAX_LINE_QUANTITY',
  'MAX_OPEN_ONLINE_ORDERS',
  'MAX_OPEN_COD_ORDERS',
  'COD_CONFIRMATION',
  'COD_CONFIRM_SECONDS',
  'MAX_HELD_UNITS',
  'MAX_CART_LINES',
  'MAX_UNPAID_CANCELS_PER_DAY',
  'PAYMENT_PROVIDER',
  'PAYMENT_GRACE_SECONDS',
  'COD_PHONE_VERIFICATION',
  'REVIEW_REQUEST_DAYS',
  'REVIEW_BLOCKLIST',
] as const;

/**
 * The courier on the emulators (docs/fulfilment.md): the Shiprocket adapter pointed at the
 * local test courier (scripts/courier-local), unless COURIER_PROVIDER=manual is set.
 */
function courierSettings(env: NodeJS.ProcessEnv): { params: Record<string, string>; secrets: Record<string, string> } {
  const secrets = {
    SHIPROCKET_EMAIL: LOCAL_COURIER_EMAIL,
    SHIPROCKET_PASSWORD: LOCAL_COURIER_PASSWORD,
    COURIER_WEBHOOK_TOKEN: LOCAL_COURIER_WEBHOOK_TOKEN,
    ORDER_LINK_SECRET: LOCAL_ORDER_LINK_SECRET,
    // Signs unsubscribe and alert-confirm links (docs/comeback.md); a fixed value on the emulators.
    MESSAGE_LINK_SECRET: LOCAL_MESSAGE_LINK_SECRET,
  };
  if (env.COURIER_PROVIDER?.trim() === 'manual') return { params: { COURIER_PROVIDER: 'manual' }, secrets };
  return { params: { COURIER_PROVIDER: 'shiprocket', COURIER_API_BASE: `http://127.0.0.1:${PORTS.courierLocal}` }, secrets };
}

/**
 * WhatsApp on the emulators (docs/whatsapp.md): the Cloud API adapter pointed at the local
 * stand-in (scripts/whatsapp-local) with its test token and app secret. WHATSAPP=off: no messages.
 */
function whatsappSettings(env: NodeJS.ProcessEnv): { params: Record<string, string>; secrets: Record<string, string> } {
  if (env.WHATSAPP?.trim().toLowerCase() === 'off')
    return { params: { WHATSAPP_PHONE_NUMBER_ID: '' }, secrets: { WHATSAPP_TOKEN: 'unused', WHATSAPP_APP_SECRET: 'unused' } };
  return {
    params: {
      WHATSAPP_API_BASE: `http://127.0.0.1:${PORTS.whatsappLocal}`,
      WHATSAPP_PHONE_NUMBER_ID: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
      WHATSAPP_VERIFY_TOKEN: LOCAL_WHATSAPP_VERIFY_TOKEN,
    },
    secrets: { WHATSAPP_TOKEN: LOCAL_WHATSAPP_TOKEN, WHATSAPP_APP_SECRET: LOCAL_WHATSAPP_APP_SECRET },
  };
}

/**
 * E-invoicing on the emulators (docs/gst-b2b.md "E-invoicing"): the IRP adapter pointed at the
 * local IRP (scripts/irp-local) with its account. The seller still turns e-invoicing on.
 */
function einvoiceSettings(): { params: Record<string, string>; secrets: Record<string, string> } {
  return {
    params: { EINVOICE_API_BASE: `http://127.0.0.1:${PORTS.irpLocal}` },
    secrets: {
      EINVOICE_CLIENT_ID: LOCAL_EINVOICE_CLIENT_ID,
      EINVOICE_CLIENT_SECRET: LOCAL_EINVOICE_CLIENT_SECRET,
      EINVOICE_USERNAME: LOCAL_EINVOICE_USERNAME,
      EINVOICE_PASSWORD: LOCAL_EINVOICE_PASSWORD,
    },
  };
}

export type RazorpayPayments =
  | { mode: 'local'; url: string; keyId: string; keySecret: string; webhookSecret: string }
  | { mode: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string };

/**
 * Razorpay: real test keys when RAZORPAY_KEY_ID (rzp_test_…), RAZORPAY_KEY_SECRET and
 * RAZORPAY_WEBHOOK_SECRET are given, otherwise the local Razorpay test checkout.
 */
export function chooseRazorpay(env: NodeJS.ProcessEnv = process.env): RazorpayPayments {
  const own = ownSecrets() ?? {};
  const keyId = env.RAZORPAY_KEY_ID?.trim() || '';
  const keySecret = env.RAZORPAY_KEY_SECRET?.trim() || own.RAZORPAY_KEY_SECRET?.trim() || '';
  if (!keyId) {
    return {
      mode: 'local',
      url: `http://127.0.0.1:${PORTS.razorpayLocal}`,
      keyId: LOCAL_RAZORPAY_KEY_ID,
      keySecret: LOCAL_RAZORPAY_KEY_SECRET,
      webhookSecret: LOCAL_RAZORPAY_WEBHOOK_SECRET,
    };
  }
  if (!keyId.startsWith('rzp_test_')) throw new PreflightError('RAZORPAY_KEY_ID: the emulators take Razorpay test keys only (rzp_test_…).');
  const webhookSecret = env.RAZORPAY_WEBHOOK_SECRET?.trim() || own.RAZORPAY_WEBHOOK_SECRET?.trim() || '';
  if (!keySecret || !webhookSecret)
    throw new PreflightError('With a real RAZORPAY_KEY_ID, also set RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET.');
  return { mode: 'razorpay', keyId, keySecret, webhookSecret };
}

export type CardPayments =
  { mode: 'local'; url: string; secretKey: string; webhookSecret: string } | { mode: 'stripe'; secretKey: string; webhookSecret: string };

function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m?.[1]) out[m[1]] = (m[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

/** The Stripe secrets in a .secret.local the developer wrote (not one we generated), if any. */
function ownSecrets(): Record<string, string> | null {
  if (!existsSync(SECRETS_FILE)) return null;
  const text = readFileSync(SECRETS_FILE, 'utf8');
  return text.startsWith(MARK) ? null : parseDotenv(text);
}

/**
 * Real Stripe (test mode) when a key is given, in the environment or in your own
 * functions/.secret.local; otherwise the local test checkout.
 */
export function chooseCardPayments(env: NodeJS.ProcessEnv = process.env): CardPayments {
  const own = ownSecrets() ?? {};
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || own.STRIPE_SECRET_KEY?.trim() || '';
  if (!secretKey) {
    return {
      mode: 'local',
      url: `http://127.0.0.1:${PORTS.stripeLocal}`,
      secretKey: LOCAL_SECRET_KEY,
      webhookSecret: LOCAL_WEBHOOK_SECRET,
    };
  }
  if (!/^(sk|rk)_test_/.test(secretKey))
    throw new PreflightError('STRIPE_SECRET_KEY: the emulators take Stripe test keys only (sk_test_…).');
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || own.STRIPE_WEBHOOK_SECRET?.trim() || '';
  if (!webhookSecret) {
    throw new PreflightError(
      'With a real STRIPE_SECRET_KEY, also set STRIPE_WEBHOOK_SECRET: run\n' +
        `  stripe listen --forward-to http://127.0.0.1:${PORTS.hosting}/api/payment/webhook\n` +
        'and use the whsec_… it prints.',
    );
  }
  return { mode: 'stripe', secretKey, webhookSecret };
}

/**
 * Writes the function's emulator settings; returns them as the function will read them.
 * Fails (PreflightError) on a setting the function would refuse, before anything starts.
 */
export function writeFunctionSettings(options: {
  appOrigin: string;
  payments: CardPayments;
  razorpay?: RazorpayPayments;
  env?: NodeJS.ProcessEnv;
}): ServerConfig {
  const env = options.env ?? process.env;
  const params: Record<string, string> = { APP_ORIGIN: options.appOrigin };
  for (const name of PARAMS) {
    const value = env[name]?.trim();
    if (value) params[name] = value;
  }
  if (options.payments.mode === 'local') params.STRIPE_API_BASE = options.payments.url;
  const courier = courierSettings(env);
  Object.assign(params, courier.params);
  const whatsapp = whatsappSettings(env);
  Object.assign(params, whatsapp.params);
  const einvoice = einvoiceSettings();
  Object.assign(params, einvoice.params);
  const razorpay = options.razorpay ?? chooseRazorpay(env);
  params.RAZORPAY_KEY_ID = razorpay.keyId;
  if (razorpay.mode === 'local') params.RAZORPAY_API_BASE = razorpay.url;
  const secrets = {
    STRIPE_SECRET_KEY: options.payments.secretKey,
    STRIPE_WEBHOOK_SECRET: options.payments.webhookSecret,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
    ...courier.secrets,
    ...whatsapp.secrets,
    ...einvoice.secrets,
  };

  let config: ServerConfig;
  try {
    config = parseConfig({ ...params, ...secrets, FUNCTIONS_EMULATOR: 'true' });
  } catch (error) {
    if (error instanceof ConfigError) throw new PreflightError(`Invalid settings for the function:\n  ${error.problems.join('\n  ')}`);
    throw error;
  }
  // Every param gets a line (defaults too): a param missing from the .env files makes the
  // emulator stop and ask for it.
  const full: Record<string, string> = {
    ...params,
    TRUST_PROXY_HOPS: String(config.trustProxyHops),
    PAYMENT_HOLD_SECONDS: String(config.paymentHoldSeconds),
    MAX_LINE_QUANTITY: String(config.limits.maxLineQuantity),
    MAX_OPEN_ONLINE_ORDERS: String(config.limits.maxOpenOnlineOrders),
    MAX_OPEN_COD_ORDERS: String(config.limits.maxOpenCodOrders),
    COURIER_PROVIDER: config.fulfilment.courier.provider,
    COD_CONFIRMATION: config.fulfilment.codConfirmation,
    COD_CONFIRM_SECONDS: String(config.fulfilment.codConfirmSeconds),
    MAX_HELD_UNITS: String(config.fulfilment.maxHeldUnits),
    MAX_CART_LINES: String(config.fulfilment.maxCartLines),
    MAX_UNPAID_CANCELS_PER_DAY: String(config.fulfilment.maxUnpaidCancelsPerDay),
    PAYMENT_PROVIDER: config.paymentProvider,
    PAYMENT_GRACE_SECONDS: String(config.paymentGraceSeconds),
    COD_PHONE_VERIFICATION: config.codPhoneVerification,
    REVIEW_REQUEST_DAYS: String(config.reviews.requestDays),
    REVIEW_BLOCKLIST: config.reviews.blocklist.join(','),
    WHATSAPP_PHONE_NUMBER_ID: config.whatsapp.phoneNumberId ?? '',
    WHATSAPP_API_VERSION: config.whatsapp.apiVersion,
    WHATSAPP_VERIFY_TOKEN: config.whatsapp.verifyToken ?? '',
    // A deploy setting only (functions/src/index.ts): the emulator keeps no instance warm.
    API_MIN_INSTANCES: '0',
  };
  writeFileSync(
    PARAMS_FILE,
    `${MARK}\n${Object.entries(full)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n')}\n`,
  );
  if (!ownSecrets())
    writeFileSync(
      SECRETS_FILE,
      `${MARK}\n${Object.entries(secrets)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n')}\n`,
      { mode: 0o600 },
    );
  return config;
}

/**
 * Scheduled functions do not fire on the emulators: call the same hold sweep the deployed
 * `sweepHolds` runs (the emulator-only function `sweepHoldsEmulator`) every `everyMs`.
 */
export function startHoldSweeper(sweepUrl: string, everyMs: number, onError?: (message: string) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    fetch(sweepUrl, { method: 'POST', signal: AbortSignal.timeout(60_000) })
      .then(async (res) => {
        if (!res.ok) onError?.(`hold sweep answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
        else await res.arrayBuffer();
      })
      .catch((error: unknown) => onError?.(`hold sweep failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** How often the emulator sweeps: often enough that a hold is released well within 2 minutes. */
export function sweepIntervalMs(holdSeconds: number): number {
  return Math.min(30_000, Math.max(3_000, Math.floor((holdSeconds * 1000) / 3)));
}
