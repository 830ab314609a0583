import type Stripe from 'stripe';
import { serverConfig } from '../config.js';
import { HttpError } from '../lib/errors.js';

export const PAYMENTS_NOT_CONFIGURED = 'Online payments are not configured';

let cached: { key: string; base: string | null; client: Stripe } | undefined;

/** Options that point the real client at the local test checkout (emulators only; config.ts). */
function baseOptions(base: string | null): Partial<Stripe.StripeConfig> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** Whether Stripe can take payments: its secret key, its webhook secret and the shop's origin are set. */
export function stripeConfigured(): boolean {
  return serverConfig().providerUnavailable.stripe === null;
}

/** Whether online payments can be taken for new orders, by the provider PAYMENT_PROVIDER names. */
export function onlinePaymentsConfigured(): boolean {
  return serverConfig().paymentsUnavailable === null;
}

/**
 * The Stripe client built from `STRIPE_SECRET_KEY` (and, on the emulators, pointed at the
 * local test checkout), or a 503 'Online payments are not configured' (also when
 * STRIPE_WEBHOOK_SECRET is missing: nothing would confirm the payments it takes).
 */
export async function stripe(): Promise<Stripe> {
  const config = serverConfig();
  const key = config.stripe.secretKey;
  if (!key || config.providerUnavailable.stripe) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  const base = config.stripe.apiBase;
  if (cached && cached.key === key && cached.base === base) return cached.client;
  // Loaded on first use, so routes that never touch Stripe do not pay for it at cold start.
  const { default: StripeClient } = await import('stripe');
  const client = new StripeClient(key, {
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: 20_000,
    ...baseOptions(base),
  });
  cached = { key, base, client };
  return client;
}

let verifier: Stripe | undefined;

/**
 * Verifies a webhook's signature on the raw body and returns the event; throws when the
 * signature is missing, forged or older than 300 s. Needs only the webhook secret.
 */
export async function verifyWebhook(rawBody: Buffer, signature: string, secret: string): Promise<Stripe.Event> {
  const { default: StripeClient } = await import('stripe');
  verifier ??= new StripeClient(serverConfig().stripe.secretKey ?? 'sk_webhook_verification_only', { telemetry: false });
  return verifier.webhooks.constructEvent(rawBody, signature, secret, 300);
}

/** Stripe's error for a request it refused (idempotency conflicts, unknown ids…), as far as we need it. */
export function stripeErrorOf(error: unknown): { type: string; code: string | null; statusCode: number | null } | null {
  if (typeof error !== 'object' || error === null || !('type' in error)) return null;
  const e = error as { type?: unknown; code?: unknown; statusCode?: unknown };
  return {
    type: String(e.type ?? ''),
    code: typeof e.code === 'string' ? e.code : null,
    statusCode: typeof e.statusCode === 'number' ? e.statusCode : null,
  };
}

export type { Stripe };
