// The tests use the project's local test checkout (scripts/stripe-local), the same module
// `npm start` runs, started in the test process so a test can look at what it was sent.
import Stripe from 'stripe';
import { LOCAL_SECRET_KEY, LOCAL_WEBHOOK_SECRET, startStripeLocal, type StripeLocal } from '../../scripts/stripe-local/server';
import { hostingUrl } from './emulators';

export { LOCAL_SECRET_KEY, LOCAL_WEBHOOK_SECRET, type StripeLocal };

/** On STRIPE_LOCAL_PORT (scripts/test.ts sets it; the function's STRIPE_API_BASE points there). */
export async function startTestCheckout(): Promise<StripeLocal> {
  return startStripeLocal({
    webhookUrl: `${await hostingUrl()}/api/payment/webhook`,
    webhookSecret: LOCAL_WEBHOOK_SECRET,
    refundDelayMs: 200,
  });
}

/** The real `stripe` client pointed at the test checkout, as the function's is. */
export function stripeClient(checkout: StripeLocal): Stripe {
  return new Stripe(LOCAL_SECRET_KEY, { host: '127.0.0.1', port: checkout.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
}

/** Pays a session on its test checkout page, as the Pay button does; answers where it redirects. */
export async function payOnPage(checkout: StripeLocal, sessionId: string): Promise<string> {
  const res = await fetch(`${checkout.url}/c/pay/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  if (res.status !== 303) throw new Error(`Pay answered ${res.status}`);
  return res.headers.get('location') ?? '';
}

/** Polls `probe` until it returns something truthy (no fixed sleeps); fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
  what = 'condition',
  /** Between probes: a probe that calls a rate-limited route asks less often. */
  intervalMs = 200,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
