/**
 * Razorpay's own Node client (`razorpay`), built from RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET
 * and, on the emulators only, pointed at the local Razorpay test checkout
 * (scripts/razorpay-local): the client hard-codes https://api.razorpay.com but keeps its axios
 * instance at `api.rq`, whose baseURL we replace (docs/decisions/0024-razorpay-payment-links.md).
 */
import type RazorpayClient from 'razorpay';
import { serverConfig } from '../config.js';
import { HttpError } from '../lib/errors.js';
import { PAYMENTS_NOT_CONFIGURED } from './stripe-client.js';

let cached: { key: string; base: string | null; client: RazorpayClient } | undefined;

/** Whether Razorpay can take payments: key id, key secret, webhook secret and the shop's origin are set. */
export function razorpayConfigured(): boolean {
  return serverConfig().providerUnavailable.razorpay === null;
}

/** The Razorpay client, or a 503 'Online payments are not configured'. */
export async function razorpay(): Promise<RazorpayClient> {
  const config = serverConfig();
  const { keyId, keySecret, apiBase } = config.razorpay;
  if (!keyId || !keySecret || config.providerUnavailable.razorpay) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  if (cached && cached.key === keyId && cached.base === apiBase) return cached.client;
  const { default: Razorpay } = await import('razorpay');
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  const rq = (client as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq;
  rq.defaults.timeout = 20_000;
  if (apiBase) rq.defaults.baseURL = apiBase;
  cached = { key: keyId, base: apiBase, client };
  return client;
}

/** Checks X-Razorpay-Signature: the hex HMAC-SHA256 of the raw body with the webhook secret. */
export async function validRazorpaySignature(rawBody: Buffer, signature: string, secret: string): Promise<boolean> {
  const { default: Razorpay } = await import('razorpay');
  try {
    return Razorpay.validateWebhookSignature(rawBody.toString('utf8'), signature, secret);
  } catch {
    return false;
  }
}

/** Razorpay's error for a refused request ({ statusCode, error: { code, description } }), as far as we need it. */
export function razorpayErrorOf(error: unknown): { statusCode: number | null; code: string; description: string } | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return null;
  const e = error as { statusCode?: unknown; error?: { code?: unknown; description?: unknown } };
  return {
    statusCode: typeof e.statusCode === 'number' ? e.statusCode : null,
    code: String(e.error?.code ?? ''),
    description: String(e.error?.description ?? ''),
  };
}

/**
 * A person-readable account of a failed Razorpay call, for logs and the order's flags. The
 * `razorpay` client rethrows a failed request as `{ statusCode, error }` read from the
 * response; with no response at all (Razorpay unreachable, a timeout) reading it throws a
 * TypeError instead, which says nothing useful.
 */
export function describeRazorpayError(error: unknown): string {
  const known = razorpayErrorOf(error);
  if (known) return `Razorpay answered ${known.statusCode ?? 'an error'}: ${known.description || known.code || 'no description'}`;
  if (error instanceof TypeError && /reading 'status'/.test(error.message)) return 'Razorpay could not be reached (no answer)';
  return error instanceof Error ? error.message : String(error);
}
