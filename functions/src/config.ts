/**
 * Every server setting, in one place (docs/orders-and-payments.md, "Settings").
 *
 * Declared with the firebase-functions params API, so `firebase deploy` asks for the plain
 * settings (and stores the answers in functions/.env.<project>) and binds the secrets from
 * Secret Manager to the functions that list them in `secrets`. Read and validated once, with
 * zod, into one typed object. This is the only module in functions/src that reads
 * process.env: params are delivered there by the runtime (a param's own `.value()` reads the
 * same variable, but an unset int would read as 0 and an unset secret logs a warning, so we
 * read the raw value and apply our defaults).
 */
import {
  DEFAULT_MAX_LINE_QUANTITY,
  DEFAULT_MAX_OPEN_COD_ORDERS,
  DEFAULT_MAX_OPEN_ONLINE_ORDERS,
  DEFAULT_PAYMENT_HOLD_SECONDS,
  MAX_QUANTITY,
  parseBlocklist,
} from '@bagshop/domain';
import {
  COD_CONFIRMATION_MODES,
  DEFAULT_COD_CONFIRM_SECONDS,
  DEFAULT_MAX_CART_LINES,
  DEFAULT_MAX_HELD_UNITS,
  DEFAULT_MAX_UNPAID_CANCELS_PER_DAY,
  type CodConfirmationMode,
} from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { z } from 'zod';
import { negativeCacheMs } from './lib/miss-cache.js';

// ── Secrets (Secret Manager; `firebase functions:secrets:set NAME`) ──────────────────────
export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');
export const RAZORPAY_KEY_SECRET = defineSecret('RAZORPAY_KEY_SECRET');
export const RAZORPAY_WEBHOOK_SECRET = defineSecret('RAZORPAY_WEBHOOK_SECRET');

/** What every function that takes or refunds online payments declares in its `secrets` (both providers'). */
export const PAYMENT_SECRETS = [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET];

// Fulfilment (docs/fulfilment.md): the courier account, the token its tracking webhook sends,
// and the key that signs the "Confirm order" links in COD mails.
export const SHIPROCKET_EMAIL = defineSecret('SHIPROCKET_EMAIL');
export const SHIPROCKET_PASSWORD = defineSecret('SHIPROCKET_PASSWORD');
export const COURIER_WEBHOOK_TOKEN = defineSecret('COURIER_WEBHOOK_TOKEN');
export const ORDER_LINK_SECRET = defineSecret('ORDER_LINK_SECRET');
export const FULFILMENT_SECRETS = [SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, COURIER_WEBHOOK_TOKEN, ORDER_LINK_SECRET];

// WhatsApp order updates (docs/whatsapp.md): the Cloud API's access token, and the Meta app's
// secret that signs its webhooks (X-Hub-Signature-256). `unused` (or unset): no WhatsApp messages.
export const WHATSAPP_TOKEN = defineSecret('WHATSAPP_TOKEN');
export const WHATSAPP_APP_SECRET = defineSecret('WHATSAPP_APP_SECRET');
export const WHATSAPP_SECRETS = [WHATSAPP_TOKEN, WHATSAPP_APP_SECRET];

// E-invoicing (issue 41, docs/gst-b2b.md "E-invoicing"): the IRP API account (NIC's client id and
// secret, and the API user made on the e-invoice portal). Used only while the seller turns e-invoicing on.
export const EINVOICE_CLIENT_ID = defineSecret('EINVOICE_CLIENT_ID');
export const EINVOICE_CLIENT_SECRET = defineSecret('EINVOICE_CLIENT_SECRET');
export const EINVOICE_USERNAME = defineSecret('EINVOICE_USERNAME');
export const EINVOICE_PASSWORD = defineSecret('EINVOICE_PASSWORD');
export const EINVOICE_SECRETS = [EINVOICE_CLIENT_ID, EINVOICE_CLIENT_SECRET, EINVOICE_USERNAME, EINVOICE_PASSWORD];

// Messages (issue 42, docs/comeback.md): the key that signs unsubscribe and alert-confirm links.
export const MESSAGE_LINK_SECRET = defineSecret('MESSAGE_LINK_SECRET');
export const MESSAGE_SECRETS = [MESSAGE_LINK_SECRET];

// ── Plain settings (functions/.env.<project>, asked for by `firebase deploy`) ───────────
export const APP_ORIGIN = defineString('APP_ORIGIN', {
  description: "The shop's public origin, e.g. https://bagshop.example.in: where Stripe Checkout sends shoppers back to",
});
export const TRUST_PROXY_HOPS = defineInt('TRUST_PROXY_HOPS', {
  default: 2,
  description: 'Proxies in front of the function that append to X-Forwarded-For (2 on Cloud Functions; docs/api-accounts.md)',
});
export const PAYMENT_HOLD_SECONDS = defineInt('PAYMENT_HOLD_SECONDS', {
  default: DEFAULT_PAYMENT_HOLD_SECONDS,
  description: 'How long an unpaid card order holds its stock (seconds; Stripe needs at least 1800)',
});
export const MAX_LINE_QUANTITY = defineInt('MAX_LINE_QUANTITY', {
  default: DEFAULT_MAX_LINE_QUANTITY,
  description: 'Most units of one product in one cart line or order line',
});
export const MAX_OPEN_ONLINE_ORDERS = defineInt('MAX_OPEN_ONLINE_ORDERS', {
  default: DEFAULT_MAX_OPEN_ONLINE_ORDERS,
  description: 'Most unpaid card orders one shopper may have at once',
});
export const MAX_OPEN_COD_ORDERS = defineInt('MAX_OPEN_COD_ORDERS', {
  default: DEFAULT_MAX_OPEN_COD_ORDERS,
  description: 'Most pending cash-on-delivery orders one shopper may have at once',
});
export const COURIER_PROVIDER = defineString('COURIER_PROVIDER', {
  default: 'manual',
  description: "How shipments are booked: 'manual' (the admin types courier and AWB) or 'shiprocket' (needs the SHIPROCKET_* secrets)",
});
export const EINVOICE_API_BASE = defineString('EINVOICE_API_BASE', {
  default: '',
  description: "The IRP's API (e.g. NIC's sandbox https://einv-apisandbox.nic.in); needed once the seller turns e-invoicing on",
});
export const COD_CONFIRMATION = defineString('COD_CONFIRMATION', {
  default: 'required',
  description: "'required': a new cash-on-delivery order waits for the shopper's confirmation; 'off': it is ready for the admin at once",
});
export const COD_CONFIRM_SECONDS = defineInt('COD_CONFIRM_SECONDS', {
  default: DEFAULT_COD_CONFIRM_SECONDS,
  description: 'How long an unconfirmed cash-on-delivery order holds its stock before the sweep cancels it (seconds)',
});
export const MAX_HELD_UNITS = defineInt('MAX_HELD_UNITS', {
  default: DEFAULT_MAX_HELD_UNITS,
  description: 'Most units one shopper may hold across open unpaid or unconfirmed orders',
});
export const MAX_CART_LINES = defineInt('MAX_CART_LINES', {
  default: DEFAULT_MAX_CART_LINES,
  description: 'Most lines in one cart',
});
export const MAX_UNPAID_CANCELS_PER_DAY = defineInt('MAX_UNPAID_CANCELS_PER_DAY', {
  default: DEFAULT_MAX_UNPAID_CANCELS_PER_DAY,
  description: 'Unpaid orders a shopper may cancel (or let expire) in 24 h before new card or COD orders are refused for 24 h',
});
export const PAYMENT_PROVIDER = defineString('PAYMENT_PROVIDER', {
  default: 'stripe',
  description: 'Who takes online payments for new orders: stripe or razorpay (orders keep the provider they were placed with)',
});
export const RAZORPAY_KEY_ID = defineString('RAZORPAY_KEY_ID', {
  default: '',
  description: 'Razorpay key id (rzp_test_… or rzp_live_…); its secret is the secret RAZORPAY_KEY_SECRET',
});
export const PAYMENT_GRACE_SECONDS = defineInt('PAYMENT_GRACE_SECONDS', {
  default: 300,
  description: "Seconds after a checkout's expiry before the sweep settles an unpaid online order (a late webhook's time to arrive)",
});
export const COD_PHONE_VERIFICATION = defineString('COD_PHONE_VERIFICATION', {
  default: 'required',
  description: 'Whether cash on delivery needs a verified phone number: required (default) or off (docs/accounts-privacy.md)',
});
export const API_MIN_INSTANCES = defineInt('API_MIN_INSTANCES', {
  default: 1,
  description:
    "Instances of the shoppers' function `api` kept warm, so the first visitor after a quiet spell does not wait 1-3 s (each costs its idle CPU and memory; 0 turns it off)",
});
export const WHATSAPP_PHONE_NUMBER_ID = defineString('WHATSAPP_PHONE_NUMBER_ID', {
  default: '',
  description: "The WhatsApp Business phone number's id (WhatsApp Manager → API setup); empty: no WhatsApp messages (docs/whatsapp.md)",
});
export const WHATSAPP_API_VERSION = defineString('WHATSAPP_API_VERSION', {
  default: 'v21.0',
  description: 'The Graph API version the WhatsApp Cloud API calls use, e.g. v21.0',
});
export const WHATSAPP_VERIFY_TOKEN = defineString('WHATSAPP_VERIFY_TOKEN', {
  default: '',
  description: "The word you type as the webhook's Verify token in the Meta app (GET /api/webhooks/whatsapp echoes hub.challenge for it)",
});
export const DEFAULT_REVIEW_REQUEST_DAYS = 5;
/** Solicitation that spam reviews carry; never words of criticism (docs/reviews.md). */
export const DEFAULT_REVIEW_BLOCKLIST = 'telegram, whatsapp, promo code, referral code, coupon code, paid review';

export const REVIEW_REQUEST_DAYS = defineInt('REVIEW_REQUEST_DAYS', {
  default: DEFAULT_REVIEW_REQUEST_DAYS,
  description: 'Days after delivery when the "review your bag" mail is queued (docs/reviews.md)',
});
export const REVIEW_BLOCKLIST = defineString('REVIEW_BLOCKLIST', {
  default: DEFAULT_REVIEW_BLOCKLIST,
  description: 'Comma-separated words or phrases that hold a review for an admin (docs/reviews.md, "Moderation")',
});
export const WEB_API_KEY = defineString('WEB_API_KEY', {
  description: 'Web API key of the Firebase project (Project settings → General), for POST /api/users/signin and password flows',
});

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after it is made. */
export const STRIPE_MIN_SESSION_SECONDS = 1800;
export const MAX_HOLD_SECONDS = 24 * 60 * 60; // Stripe's longest session
/** Razorpay refuses a Payment Link whose expire_by is less than 15 minutes away; a minute of margin. */
export const RAZORPAY_MIN_LINK_SECONDS = 16 * 60;

export type PaymentProviderName = 'stripe' | 'razorpay';
export const PAYMENT_PROVIDERS: readonly PaymentProviderName[] = ['stripe', 'razorpay'];

export interface ServerConfig {
  /** Running on the Firebase emulators (FUNCTIONS_EMULATOR). */
  emulator: boolean;
  /** Where Stripe sends shoppers back to; null when not set (card payments are then off). */
  appOrigin: string | null;
  trustProxyHops: number;
  paymentHoldSeconds: number;
  limits: { maxLineQuantity: number; maxOpenOnlineOrders: number; maxOpenCodOrders: number };
  stripe: {
    secretKey: string | null;
    webhookSecret: string | null;
    /** Emulators only: the local test checkout (scripts/stripe-local) instead of api.stripe.com. */
    apiBase: string | null;
    /** 'local': the stand-in (no 30-minute floor on sessions); 'stripe': Stripe's servers. */
    mode: 'local' | 'stripe';
  };
  /** Fulfilment (docs/fulfilment.md). */
  fulfilment: {
    codConfirmation: CodConfirmationMode;
    codConfirmSeconds: number;
    maxHeldUnits: number;
    maxCartLines: number;
    maxUnpaidCancelsPerDay: number;
    /** Signs "Confirm order" links; null: mails carry no such link (the order page still has the button). */
    orderLinkSecret: string | null;
    courier: {
      provider: 'manual' | 'shiprocket';
      /** Emulators only: the local test courier (scripts/courier-local) instead of Shiprocket's API. */
      apiBase: string | null;
      email: string | null;
      password: string | null;
      webhookToken: string | null;
    };
  };
  /** Who takes online payments for new orders (PAYMENT_PROVIDER). */
  paymentProvider: PaymentProviderName;
  /** Seconds after a checkout's expiry before the sweep settles an unpaid order (PAYMENT_GRACE_SECONDS). */
  paymentGraceSeconds: number;
  razorpay: {
    keyId: string | null;
    keySecret: string | null;
    webhookSecret: string | null;
    /** Emulators only: the local Razorpay test checkout (scripts/razorpay-local) instead of api.razorpay.com. */
    apiBase: string | null;
    mode: 'local' | 'razorpay';
  };
  /** Per provider: why it cannot take or refund payments (key, webhook secret or APP_ORIGIN missing), or null. */
  providerUnavailable: Record<PaymentProviderName, string | null>;
  /** Why online payments cannot be taken for new orders (the active provider's reason), or null. */
  paymentsUnavailable: string | null;
  /** Settings that work but deserve a line in the log. */
  warnings: string[];
  /** How long an unknown product id or image hash is remembered (lib/miss-cache.ts). */
  negativeCacheMs: number;
  /** Where the web build's shell.html is (tests); null: next to the function bundle. */
  webDir: string | null;
  /** RATE_LIMIT_<NAME> overrides (tests and benchmarks raise them), keyed by lower-case name. */
  rateLimits: Readonly<Record<string, number>>;
  /** The Auth emulator (FIREBASE_AUTH_EMULATOR_HOST), when running on it. */
  authEmulatorHost: string | null;
  webApiKey: string;
  /** COD_PHONE_VERIFICATION: cash on delivery needs a verified phone ('required') or not ('off'). */
  codPhoneVerification: 'required' | 'off';
  /** Reviews (docs/reviews.md): the request mail's delay after delivery, and the moderation block list. */
  reviews: { requestDays: number; blocklist: string[] };
  /** WhatsApp order updates (docs/whatsapp.md); `enabled` when the token and the phone number id are set. */
  whatsapp: WhatsAppConfig;
  /** E-invoicing (issue 41): the IRP's API and its account; null fields: not set (reports stay "IRN pending", logged). */
  einvoice: {
    apiBase: string | null;
    clientId: string | null;
    clientSecret: string | null;
    username: string | null;
    password: string | null;
  };
  /** Signs unsubscribe and alert-confirm links (MESSAGE_LINK_SECRET); null: marketing and alert mails are not sent. */
  messageLinkSecret: string | null;
}

export interface WhatsAppConfig {
  enabled: boolean;
  token: string | null;
  appSecret: string | null;
  phoneNumberId: string | null;
  apiVersion: string;
  /** https://graph.facebook.com, or on the emulators the local stand-in (scripts/whatsapp-local). */
  apiBase: string;
  verifyToken: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server settings: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function intSetting(name: string, fallback: number, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (v === undefined) return fallback;
      return typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v;
    },
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}

const optionalText = z.preprocess((value) => blankToUndefined(typeof value === 'string' ? value.trim() : value), z.string().optional());

function originSetting(emulator: boolean) {
  return z.preprocess(
    (value) => blankToUndefined(value),
    z
      .string()
      .trim()
      .transform((value, ctx) => {
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          ctx.addIssue({ code: 'custom', message: `APP_ORIGIN must be an origin like https://shop.example.in (got "${value}")` });
          return z.NEVER;
        }
        const httpsOnly = !emulator;
        if ((httpsOnly && url.protocol !== 'https:') || !/^https?:$/.test(url.protocol) || (url.pathname !== '/' && url.pathname !== '')) {
          ctx.addIssue({
            code: 'custom',
            message: `APP_ORIGIN must be an ${httpsOnly ? 'https' : 'http(s)'} origin without a path (got "${value}")`,
          });
          return z.NEVER;
        }
        return url.origin;
      })
      .optional(),
  );
}

const secretKey = z.preprocess(
  (value) => blankToUndefined(typeof value === 'string' ? value.trim() : value),
  z
    .string()
    .refine((v) => /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/.test(v), {
      error: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)',
    })
    .optional(),
);

const webhookSecret = z.preprocess(
  (value) => blankToUndefined(typeof value === 'string' ? value.trim() : value),
  z
    .string()
    .refine((v) => v.startsWith('whsec_'), { error: 'STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…)' })
    .optional(),
);

/** A secret that is not used by this shop may be stored as the word `unused` (deploy binds all four). */
const optionalSecret = z.preprocess((value) => {
  const v = blankToUndefined(typeof value === 'string' ? value.trim() : value);
  return v === 'unused' ? undefined : v;
}, z.string().optional());

const providerSetting = z.preprocess(
  (value) => blankToUndefined(typeof value === 'string' ? value.trim().toLowerCase() : value) ?? 'stripe',
  z.enum(['stripe', 'razorpay'], { error: 'PAYMENT_PROVIDER must be stripe or razorpay' }),
);

const razorpayKeyId = z.preprocess(
  (value) => blankToUndefined(typeof value === 'string' ? value.trim() : value),
  z
    .string()
    .refine((v) => /^rzp_(test|live)_[A-Za-z0-9_]+$/.test(v), {
      error: 'RAZORPAY_KEY_ID must be a Razorpay key id (rzp_test_… or rzp_live_…)',
    })
    .optional(),
);

function rateLimits(env: Env): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, raw] of Object.entries(env)) {
    if (!key.startsWith('RATE_LIMIT_') || raw === undefined) continue;
    const n = Number(raw);
    if (Number.isFinite(n) && n > 0) out[key.slice('RATE_LIMIT_'.length).toLowerCase()] = n;
  }
  return out;
}

/** Reads and checks every setting from `env`; throws ConfigError listing every problem. */
export function parseConfig(env: Env): ServerConfig {
  const emulator = env.FUNCTIONS_EMULATOR === 'true';
  const schema = z.object({
    APP_ORIGIN: originSetting(emulator),
    TRUST_PROXY_HOPS: intSetting('TRUST_PROXY_HOPS', 2, 0, 10),
    PAYMENT_HOLD_SECONDS: intSetting('PAYMENT_HOLD_SECONDS', DEFAULT_PAYMENT_HOLD_SECONDS, 10, MAX_HOLD_SECONDS),
    MAX_LINE_QUANTITY: intSetting('MAX_LINE_QUANTITY', DEFAULT_MAX_LINE_QUANTITY, 1, MAX_QUANTITY),
    MAX_OPEN_ONLINE_ORDERS: intSetting('MAX_OPEN_ONLINE_ORDERS', DEFAULT_MAX_OPEN_ONLINE_ORDERS, 1, 1_000_000),
    MAX_OPEN_COD_ORDERS: intSetting('MAX_OPEN_COD_ORDERS', DEFAULT_MAX_OPEN_COD_ORDERS, 1, 1_000_000),
    STRIPE_SECRET_KEY: z.preprocess((v) => (typeof v === 'string' && v.trim() === 'unused' ? undefined : v), secretKey),
    STRIPE_WEBHOOK_SECRET: z.preprocess((v) => (typeof v === 'string' && v.trim() === 'unused' ? undefined : v), webhookSecret),
    STRIPE_API_BASE: optionalText,
    PAYMENT_PROVIDER: providerSetting,
    PAYMENT_GRACE_SECONDS: intSetting('PAYMENT_GRACE_SECONDS', 300, 0, 24 * 60 * 60),
    RAZORPAY_KEY_ID: razorpayKeyId,
    RAZORPAY_KEY_SECRET: optionalSecret,
    RAZORPAY_WEBHOOK_SECRET: optionalSecret,
    RAZORPAY_API_BASE: optionalText,
    WEB_API_KEY: optionalText,
    FIREBASE_AUTH_EMULATOR_HOST: optionalText,
    COURIER_PROVIDER: z.preprocess(
      (v) => blankToUndefined(typeof v === 'string' ? v.trim() : v) ?? 'manual',
      z.enum(['manual', 'shiprocket'], { error: "COURIER_PROVIDER must be 'manual' or 'shiprocket'" }),
    ),
    COURIER_API_BASE: optionalText,
    EINVOICE_API_BASE: optionalText,
    EINVOICE_CLIENT_ID: optionalText,
    EINVOICE_CLIENT_SECRET: optionalText,
    EINVOICE_USERNAME: optionalText,
    EINVOICE_PASSWORD: optionalText,
    SHIPROCKET_EMAIL: optionalText,
    SHIPROCKET_PASSWORD: optionalText,
    COURIER_WEBHOOK_TOKEN: optionalText,
    ORDER_LINK_SECRET: optionalText,
    MESSAGE_LINK_SECRET: optionalText,
    COD_CONFIRMATION: z.preprocess(
      (v) => blankToUndefined(typeof v === 'string' ? v.trim() : v) ?? 'required',
      z.enum(COD_CONFIRMATION_MODES, { error: "COD_CONFIRMATION must be 'required' or 'off'" }),
    ),
    COD_CONFIRM_SECONDS: intSetting('COD_CONFIRM_SECONDS', DEFAULT_COD_CONFIRM_SECONDS, 10, 30 * 86_400),
    MAX_HELD_UNITS: intSetting('MAX_HELD_UNITS', DEFAULT_MAX_HELD_UNITS, 1, 1_000_000),
    MAX_CART_LINES: intSetting('MAX_CART_LINES', DEFAULT_MAX_CART_LINES, 1, 1000),
    MAX_UNPAID_CANCELS_PER_DAY: intSetting('MAX_UNPAID_CANCELS_PER_DAY', DEFAULT_MAX_UNPAID_CANCELS_PER_DAY, 1, 1_000_000),
    COD_PHONE_VERIFICATION: z.preprocess(
      (value) => blankToUndefined(typeof value === 'string' ? value.trim().toLowerCase() : value) ?? 'required',
      z.enum(['required', 'off'], { error: 'COD_PHONE_VERIFICATION must be required or off' }),
    ),
    REVIEW_REQUEST_DAYS: intSetting('REVIEW_REQUEST_DAYS', DEFAULT_REVIEW_REQUEST_DAYS, 0, 60),
    REVIEW_BLOCKLIST: z.preprocess((value) => (typeof value === 'string' ? value : undefined), z.string().optional()),
    WHATSAPP_TOKEN: optionalSecret,
    WHATSAPP_APP_SECRET: optionalSecret,
    WHATSAPP_PHONE_NUMBER_ID: optionalText,
    WHATSAPP_API_VERSION: z.preprocess(
      (v) => blankToUndefined(typeof v === 'string' ? v.trim() : v) ?? 'v21.0',
      z.string().regex(/^v\d{1,3}\.\d{1,2}$/, { error: 'WHATSAPP_API_VERSION must look like v21.0' }),
    ),
    WHATSAPP_API_BASE: optionalText,
    WHATSAPP_VERIFY_TOKEN: optionalText,
  });
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => i.message));
  const s = parsed.data;

  const problems: string[] = [];
  // Only the emulators may point the Stripe client elsewhere: a stray variable in production
  // must never send card traffic to another host.
  let apiBase: string | null = null;
  if (s.STRIPE_API_BASE && emulator) {
    try {
      apiBase = new URL(s.STRIPE_API_BASE).origin;
    } catch {
      problems.push(`STRIPE_API_BASE must be a URL (got "${s.STRIPE_API_BASE}")`);
    }
  }
  // The courier's API, like Stripe's, is moved only on the emulators (to the local test courier).
  let courierApiBase: string | null = null;
  if (s.COURIER_API_BASE && emulator) {
    try {
      courierApiBase = new URL(s.COURIER_API_BASE).origin;
    } catch {
      problems.push(`COURIER_API_BASE must be a URL (got "${s.COURIER_API_BASE}")`);
    }
  }
  // The IRP: https in production; the emulators may point it at the local IRP (scripts/irp-local).
  let einvoiceApiBase: string | null = null;
  if (s.EINVOICE_API_BASE) {
    try {
      const u = new URL(s.EINVOICE_API_BASE);
      if (u.protocol !== 'https:' && !emulator) problems.push(`EINVOICE_API_BASE must be an https URL (got "${s.EINVOICE_API_BASE}")`);
      einvoiceApiBase = u.origin;
    } catch {
      problems.push(`EINVOICE_API_BASE must be a URL (got "${s.EINVOICE_API_BASE}")`);
    }
  }
  if (s.COURIER_PROVIDER === 'shiprocket' && (!s.SHIPROCKET_EMAIL || !s.SHIPROCKET_PASSWORD || !s.COURIER_WEBHOOK_TOKEN))
    problems.push('COURIER_PROVIDER=shiprocket needs the secrets SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD and COURIER_WEBHOOK_TOKEN');
  if (s.STRIPE_SECRET_KEY?.includes('_live_') && emulator)
    problems.push('A live Stripe key (sk_live_…) is refused on the emulators: use a test key');
  let razorpayApiBase: string | null = null;
  if (s.RAZORPAY_API_BASE && emulator) {
    try {
      razorpayApiBase = new URL(s.RAZORPAY_API_BASE).origin;
    } catch {
      problems.push(`RAZORPAY_API_BASE must be a URL (got "${s.RAZORPAY_API_BASE}")`);
    }
  }
  if (s.RAZORPAY_KEY_ID?.includes('_live_') && emulator)
    problems.push('A live Razorpay key (rzp_live_…) is refused on the emulators: use a test key');
  // WhatsApp's API, like Stripe's, is moved only on the emulators (to scripts/whatsapp-local).
  let whatsappApiBase = 'https://graph.facebook.com';
  if (s.WHATSAPP_API_BASE && emulator) {
    try {
      whatsappApiBase = new URL(s.WHATSAPP_API_BASE).origin;
    } catch {
      problems.push(`WHATSAPP_API_BASE must be a URL (got "${s.WHATSAPP_API_BASE}")`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const mode = apiBase ? 'local' : 'stripe';
  const warnings: string[] = [];
  if (mode === 'stripe' && s.STRIPE_SECRET_KEY && s.PAYMENT_HOLD_SECONDS < STRIPE_MIN_SESSION_SECONDS) {
    warnings.push(
      `PAYMENT_HOLD_SECONDS=${s.PAYMENT_HOLD_SECONDS} is shorter than the 30 minutes Stripe requires of a Checkout Session: each session outlives its hold and is expired when the hold ends`,
    );
  }
  // A provider is on only with its key AND its webhook secret: without the webhook nothing
  // would confirm a paid order, and the sweep would cancel it (issue 24).
  const noOrigin = 'APP_ORIGIN is not set (the address the payment page sends shoppers back to)';
  const providerUnavailable: Record<PaymentProviderName, string | null> = {
    stripe: !s.STRIPE_SECRET_KEY
      ? 'STRIPE_SECRET_KEY is not set'
      : !s.STRIPE_WEBHOOK_SECRET
        ? 'STRIPE_WEBHOOK_SECRET is not set'
        : !s.APP_ORIGIN
          ? noOrigin
          : null,
    razorpay:
      !s.RAZORPAY_KEY_ID || !s.RAZORPAY_KEY_SECRET
        ? 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are not both set'
        : !s.RAZORPAY_WEBHOOK_SECRET
          ? 'RAZORPAY_WEBHOOK_SECRET is not set'
          : !s.APP_ORIGIN
            ? noOrigin
            : null,
  };
  const paymentsUnavailable = providerUnavailable[s.PAYMENT_PROVIDER];

  return {
    emulator,
    appOrigin: s.APP_ORIGIN ?? null,
    trustProxyHops: s.TRUST_PROXY_HOPS,
    paymentHoldSeconds: s.PAYMENT_HOLD_SECONDS,
    limits: {
      maxLineQuantity: s.MAX_LINE_QUANTITY,
      maxOpenOnlineOrders: s.MAX_OPEN_ONLINE_ORDERS,
      maxOpenCodOrders: s.MAX_OPEN_COD_ORDERS,
    },
    stripe: { secretKey: s.STRIPE_SECRET_KEY ?? null, webhookSecret: s.STRIPE_WEBHOOK_SECRET ?? null, apiBase, mode },
    fulfilment: {
      codConfirmation: s.COD_CONFIRMATION,
      codConfirmSeconds: s.COD_CONFIRM_SECONDS,
      maxHeldUnits: s.MAX_HELD_UNITS,
      maxCartLines: s.MAX_CART_LINES,
      maxUnpaidCancelsPerDay: s.MAX_UNPAID_CANCELS_PER_DAY,
      orderLinkSecret: s.ORDER_LINK_SECRET ?? null,
      courier: {
        provider: s.COURIER_PROVIDER,
        apiBase: courierApiBase,
        email: s.SHIPROCKET_EMAIL ?? null,
        password: s.SHIPROCKET_PASSWORD ?? null,
        webhookToken: s.COURIER_WEBHOOK_TOKEN ?? null,
      },
    },
    paymentProvider: s.PAYMENT_PROVIDER,
    paymentGraceSeconds: s.PAYMENT_GRACE_SECONDS,
    razorpay: {
      keyId: s.RAZORPAY_KEY_ID ?? null,
      keySecret: s.RAZORPAY_KEY_SECRET ?? null,
      webhookSecret: s.RAZORPAY_WEBHOOK_SECRET ?? null,
      apiBase: razorpayApiBase,
      mode: razorpayApiBase ? 'local' : 'razorpay',
    },
    providerUnavailable,
    paymentsUnavailable,
    warnings,
    negativeCacheMs: negativeCacheMs(env),
    webDir: env.BAGSHOP_WEB_DIR?.trim() || null,
    rateLimits: rateLimits(env),
    authEmulatorHost: s.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    webApiKey: s.WEB_API_KEY ?? '',
    codPhoneVerification: s.COD_PHONE_VERIFICATION,
    reviews: { requestDays: s.REVIEW_REQUEST_DAYS, blocklist: parseBlocklist(s.REVIEW_BLOCKLIST ?? DEFAULT_REVIEW_BLOCKLIST) },
    whatsapp: {
      enabled: Boolean(s.WHATSAPP_TOKEN && s.WHATSAPP_PHONE_NUMBER_ID),
      token: s.WHATSAPP_TOKEN ?? null,
      appSecret: s.WHATSAPP_APP_SECRET ?? null,
      phoneNumberId: s.WHATSAPP_PHONE_NUMBER_ID ?? null,
      apiVersion: s.WHATSAPP_API_VERSION,
      apiBase: whatsappApiBase,
      verifyToken: s.WHATSAPP_VERIFY_TOKEN ?? null,
    },
    einvoice: {
      apiBase: einvoiceApiBase,
      clientId: s.EINVOICE_CLIENT_ID ?? null,
      clientSecret: s.EINVOICE_CLIENT_SECRET ?? null,
      username: s.EINVOICE_USERNAME ?? null,
      password: s.EINVOICE_PASSWORD ?? null,
    },
    messageLinkSecret: s.MESSAGE_LINK_SECRET ?? null,
  };
}

let cached: { config: ServerConfig } | { error: ConfigError } | undefined;

/** The settings of this instance, read once. Throws ConfigError when a setting is invalid. */
export function serverConfig(): ServerConfig {
  if (!cached) {
    try {
      cached = { config: parseConfig(process.env) };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      cached = { error };
    }
  }
  if ('error' in cached) throw cached.error;
  return cached.config;
}

/** Tests change the environment between cases: forget what was read. */
export function resetServerConfig(): void {
  cached = undefined;
}

/**
 * Called when the functions module loads (not while `firebase deploy` reads its manifest):
 * an invalid setting stops the instance with one clear log line; settings that switch card
 * payments off are logged once, as an error when a key is set but the rest is missing.
 */
export function checkConfigAtStartup(): void {
  if (process.env.FUNCTIONS_CONTROL_API === 'true') return;
  let config: ServerConfig;
  try {
    config = serverConfig();
  } catch (error) {
    if (error instanceof ConfigError) logger.error('config_invalid', { problems: error.problems });
    throw error;
  }
  if (config.paymentsUnavailable) {
    const keySet = config.paymentProvider === 'stripe' ? config.stripe.secretKey : config.razorpay.keyId;
    const log = keySet ? logger.error : logger.warn;
    log('payments_unavailable', { provider: config.paymentProvider, reason: config.paymentsUnavailable });
  }
  for (const message of config.warnings) logger.warn('config_warning', { message });
}
