import type Stripe from 'stripe';
import { HttpError } from './errors.js';

export const PAYMENTS_NOT_CONFIGURED = 'Online payments are not configured';

let cached: { key: string; base: string; client: Stripe } | undefined;

/** Options that point the real client at `STRIPE_API_BASE` (the tests' local stand-in). */
function baseOptions(base: string): Partial<Stripe.StripeConfig> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** Whether card payments can be taken: a secret key is set. */
export function stripeConfigured(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY?.trim());
}

/**
 * The Stripe client built from `STRIPE_SECRET_KEY` (and `STRIPE_API_BASE` on the emulators),
 * or a 503 'Online payments are not configured' when there is no key.
 */
export async function stripe(): Promise<Stripe> {
  const key = process.env.STRIPE_SECRET_KEY?.trim() ?? '';
  const base = process.env.STRIPE_API_BASE?.trim() ?? '';
  if (!key) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
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
  verifier ??= new StripeClient(process.env.STRIPE_SECRET_KEY?.trim() || 'sk_webhook_verification_only', { telemetry: false });
  return verifier.webhooks.constructEvent(rawBody, signature, secret, 300);
}

export type { Stripe };
