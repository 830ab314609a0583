// The local test checkout: a stand-in for the Stripe endpoints the function's real `stripe`
// client calls, plus the hosted checkout page, for the emulators (docs/orders-and-payments.md,
// "Card payments offline"). `npm start` runs it when no real sk_test_ key is given; the API
// and browser tests run the same module. It behaves like Stripe where the shop relies on it:
//   POST /v1/checkout/sessions (Idempotency-Key replay; another body with the same key is an
//   idempotency_error), GET /v1/checkout/sessions/:id, POST …/:id/expire,
//   POST /v1/refunds (idempotent), GET /v1/refunds/:id;
//   GET /c/pay/:id (the page), POST /c/pay/:id/pay → a signed checkout.session.completed
//   webhook, then 303 to success_url; POST /c/pay/:id/cancel → 303 to cancel_url (the session
//   stays open, as on Stripe); an open session past expires_at → checkout.session.expired;
//   a refund → charge.refunded and refund.updated once it succeeds.
// Deliberate difference: no 30-minute floor on expires_at, so short holds can be tried.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenLocal, readBody } from '../lib/stand-in-server.ts';
import { dirname } from 'node:path';
import Stripe from 'stripe';
import { LOCAL_PORTS } from '../../domain/src/ports.ts';
import { checkoutPage, notFoundPage, type PageLine } from './page.ts';

export const DEFAULT_STRIPE_LOCAL_PORT = LOCAL_PORTS.stripeLocal;
export const LOCAL_SECRET_KEY = 'sk_test_bagshop_local';
export const LOCAL_WEBHOOK_SECRET = 'whsec_bagshop_emulator';
const API_VERSION = '2025-01-27.acacia';

export interface StandinRequest {
  method: string;
  path: string;
  /** The form body, flattened: `line_items[0][price_data][unit_amount]` → '12345'. */
  params: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface StandinSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  currency: string | null;
  amount_total: number;
  expires_at: number;
  created: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  livemode: false;
}

export interface StandinRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

interface PaymentRecord {
  sessionId: string;
  chargeId: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface StripeLocalOptions {
  port?: number;
  /** Where webhooks go: the app's /api/payment/webhook (through Hosting). Without it, none are sent. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Keeps sessions and refunds across restarts (npm start). */
  stateFile?: string;
  /** How often open sessions are checked for expiry. */
  expiryCheckMs?: number;
  /** Delay before a pending refund succeeds (Stripe takes a moment too). */
  refundDelayMs?: number;
  log?: (line: string) => void;
}

export interface StripeLocal {
  port: number;
  /** Where the checkout pages are: http://127.0.0.1:<port>. */
  url: string;
  requests: StandinRequest[];
  sessions: Map<string, StandinSession>;
  refunds: Map<string, StandinRefund>;
  /** Webhook deliveries, in order: event type, id, the HTTP status the app answered, the JSON sent. */
  deliveries: { type: string; id: string; status: number; payload: string }[];
  /** Tests: when true, webhooks are not sent (a late or lost webhook). */
  dropWebhooks: boolean;
  /** Tests: when true, POST /v1/refunds answers 500 (Stripe having trouble; not kept for idempotent replay). */
  refundsDown: boolean;
  close: () => Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function metadataOf(params: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([k]) => k.startsWith(`${prefix}[`))
      .map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
  );
}

function linesOf(params: Record<string, string>): PageLine[] {
  const lines: PageLine[] = [];
  for (let i = 0; params[`line_items[${i}][quantity]`] !== undefined; i += 1) {
    lines.push({
      name: params[`line_items[${i}][price_data][product_data][name]`] ?? 'Item',
      unitAmount: Number(params[`line_items[${i}][price_data][unit_amount]`] ?? 0),
      quantity: Number(params[`line_items[${i}][quantity]`]),
    });
  }
  return lines;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const invalid = (message: string, code?: string) => new StripeApiError(400, 'invalid_request_error', message, code);
const missing = (what: string, which: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${what}: '${which}'`, 'resource_missing');

/** Starts the local test checkout. Port: `options.port`, else STRIPE_LOCAL_PORT, else 12111. */
export function startStripeLocal(options: StripeLocalOptions = {}): Promise<StripeLocal> {
  const port = options.port ?? (Number(process.env.STRIPE_LOCAL_PORT ?? DEFAULT_STRIPE_LOCAL_PORT) || DEFAULT_STRIPE_LOCAL_PORT);
  const url = `http://127.0.0.1:${port}`;
  const log = options.log ?? (() => undefined);
  const signer = new Stripe('sk_test_signing_only');
  const requests: StandinRequest[] = [];
  const sessions = new Map<string, StandinSession>();
  const lines = new Map<string, PageLine[]>();
  const paymentIntentMetadata = new Map<string, Record<string, string>>();
  const payments = new Map<string, PaymentRecord>();
  const refunds = new Map<string, StandinRefund>();
  const idempotent = new Map<string, { bodyHash: string; status: number; json: unknown }>();
  const deliveries: StripeLocal['deliveries'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const drop = { webhooks: false, refunds: false };

  // ── state across restarts (npm start) ──
  if (options.stateFile && existsSync(options.stateFile)) {
    try {
      const saved = JSON.parse(readFileSync(options.stateFile, 'utf8')) as {
        sessions?: [string, StandinSession][];
        lines?: [string, PageLine[]][];
        paymentIntentMetadata?: [string, Record<string, string>][];
        payments?: [string, PaymentRecord][];
        refunds?: [string, StandinRefund][];
      };
      for (const [k, v] of saved.sessions ?? []) sessions.set(k, v);
      for (const [k, v] of saved.lines ?? []) lines.set(k, v);
      for (const [k, v] of saved.paymentIntentMetadata ?? []) paymentIntentMetadata.set(k, v);
      for (const [k, v] of saved.payments ?? []) payments.set(k, v);
      for (const [k, v] of saved.refunds ?? []) refunds.set(k, v);
    } catch {
      log('could not read the saved test checkout state; starting empty');
    }
  }
  const save = () => {
    if (!options.stateFile) return;
    mkdirSync(dirname(options.stateFile), { recursive: true });
    writeFileSync(
      options.stateFile,
      JSON.stringify({
        sessions: [...sessions],
        lines: [...lines],
        paymentIntentMetadata: [...paymentIntentMetadata],
        payments: [...payments],
        refunds: [...refunds],
      }),
    );
  };

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref();
    timers.add(t);
  };

  // ── webhooks, signed as Stripe signs them ──
  async function deliver(type: string, object: unknown, attempt = 1): Promise<number> {
    if (!options.webhookUrl || !options.webhookSecret || drop.webhooks) return 0;
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    return send(event, attempt);
  }

  async function send(event: { id: string; type: string }, attempt: number): Promise<number> {
    const payload = JSON.stringify(event);
    let status = 0;
    try {
      const res = await fetch(options.webhookUrl as string, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret as string }),
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ type: event.type, id: event.id, status, payload });
    log(`webhook ${event.type} → ${status || 'no answer'}`);
    // Stripe retries a webhook the app did not take; a few quick retries are enough here.
    if ((status < 200 || status >= 300) && attempt < 4) later(attempt * 2000, () => void send(event, attempt + 1));
    return status;
  }

  function chargeOf(paymentIntent: string): Record<string, unknown> | null {
    const p = payments.get(paymentIntent);
    if (!p) return null;
    const done = [...refunds.values()].filter((r) => r.payment_intent === paymentIntent && r.status === 'succeeded');
    const refunded = done.reduce((sum, r) => sum + r.amount, 0);
    return {
      id: p.chargeId,
      object: 'charge',
      amount: p.amount,
      amount_captured: p.amount,
      amount_refunded: refunded,
      currency: p.currency,
      payment_intent: paymentIntent,
      paid: true,
      refunded: refunded >= p.amount,
      status: 'succeeded',
      metadata: p.metadata,
      refunds: { object: 'list', data: done, has_more: false },
      livemode: false,
    };
  }

  function expire(session: StandinSession): void {
    if (session.status !== 'open') return;
    session.status = 'expired';
    session.url = null;
    save();
    log(`session ${session.id} expired`);
    void deliver('checkout.session.expired', session);
  }

  const expiryTimer = setInterval(() => {
    const now = nowSeconds();
    for (const session of sessions.values()) if (session.status === 'open' && session.expires_at <= now) expire(session);
  }, options.expiryCheckMs ?? 1000);
  expiryTimer.unref();

  // ── the API ──
  function createSession(params: Record<string, string>): StandinSession {
    if (params.mode !== 'payment') throw invalid('mode must be payment');
    const items = linesOf(params);
    if (items.length === 0) throw invalid('line_items is required');
    if (!params.success_url || !params.cancel_url) throw invalid('success_url and cancel_url are required');
    const currencies = new Set(
      Object.entries(params)
        .filter(([k]) => /^line_items\[\d+\]\[price_data\]\[currency\]$/.test(k))
        .map(([, v]) => v),
    );
    if (currencies.size !== 1) throw invalid('every line item needs the same currency');
    const expiresAt = Number(params.expires_at ?? nowSeconds() + 24 * 3600);
    if (!Number.isInteger(expiresAt) || expiresAt <= nowSeconds())
      throw invalid('expires_at must be in the future', 'parameter_invalid_integer');
    const sid = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: StandinSession = {
      id: sid,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      url: `${url}/c/pay/${sid}`,
      metadata: metadataOf(params, 'metadata'),
      client_reference_id: params.client_reference_id ?? null,
      customer_email: params.customer_email ?? null,
      currency: params.currency ?? [...currencies][0] ?? null,
      amount_total: items.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
      expires_at: expiresAt,
      created: nowSeconds(),
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      payment_intent: null,
      livemode: false,
    };
    sessions.set(sid, session);
    lines.set(sid, items);
    paymentIntentMetadata.set(sid, metadataOf(params, 'payment_intent_data[metadata]'));
    save();
    log(`session ${sid} created (${session.amount_total} paise, expires ${new Date(expiresAt * 1000).toISOString()})`);
    return session;
  }

  function createRefund(params: Record<string, string>): StandinRefund {
    const pi = params.payment_intent;
    if (!pi) throw invalid('payment_intent is required');
    const payment = payments.get(pi);
    if (!payment) throw missing('payment_intent', pi);
    const already = [...refunds.values()].filter((r) => r.payment_intent === pi && r.status !== 'failed').reduce((s, r) => s + r.amount, 0);
    const amount = params.amount ? Number(params.amount) : payment.amount - already;
    if (amount <= 0 || already + amount > payment.amount)
      throw invalid(`Charge ${payment.chargeId} has already been refunded.`, 'charge_already_refunded');
    const refund: StandinRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: payment.currency,
      charge: payment.chargeId,
      payment_intent: pi,
      status: 'pending',
      reason: params.reason ?? null,
      metadata: metadataOf(params, 'metadata'),
      created: nowSeconds(),
    };
    refunds.set(refund.id, refund);
    save();
    later(options.refundDelayMs ?? 300, () => {
      refund.status = 'succeeded';
      save();
      void (async () => {
        await deliver('charge.refunded', chargeOf(pi));
        await deliver('refund.updated', refund);
      })();
    });
    return refund;
  }

  function api(method: string, path: string, params: Record<string, string>): unknown {
    let m = /^\/v1\/checkout\/sessions(?:\/([^/]+))?(?:\/(expire))?$/.exec(path);
    if (m) {
      const [, sid, action] = m;
      if (method === 'POST' && !sid) return createSession(params);
      const session = sid ? sessions.get(sid) : undefined;
      if (!session || !sid) throw missing('checkout.session', sid ?? '');
      if (method === 'GET' && !action) return session;
      if (method === 'POST' && action === 'expire') {
        if (session.status !== 'open')
          throw invalid(`Only Checkout Sessions with a status of open can be expired (this one is ${session.status}).`);
        expire(session);
        return session;
      }
    }
    m = /^\/v1\/refunds(?:\/([^/]+))?$/.exec(path);
    if (m) {
      const [, rid] = m;
      if (method === 'POST' && !rid) return createRefund(params);
      const refund = rid ? refunds.get(rid) : undefined;
      if (!refund || !rid) throw missing('refund', rid ?? '');
      if (method === 'GET') return refund;
    }
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  // ── the checkout page ──
  async function page(req: IncomingMessage, res: ServerResponse, sid: string, action: string | undefined): Promise<void> {
    const session = sessions.get(sid);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(body);
    };
    const redirect = (to: string) => {
      res.writeHead(303, { Location: to, 'Cache-Control': 'no-store' });
      res.end();
    };
    if (!session) return html(404, notFoundPage());
    const view = () =>
      checkoutPage({
        id: session.id,
        status: session.status,
        amountTotal: session.amount_total,
        currency: session.currency ?? 'inr',
        expiresAt: session.expires_at,
        customerEmail: session.customer_email,
        successUrl: session.success_url,
        cancelUrl: session.cancel_url,
        lines: lines.get(session.id) ?? [],
      });
    if (req.method === 'GET' && !action) return html(session.status === 'expired' ? 410 : 200, view());
    if (req.method !== 'POST') return html(405, view());
    if (action === 'cancel') return redirect(session.cancel_url);
    if (action === 'pay') {
      if (session.status === 'expired') return html(410, view());
      if (session.status === 'open') {
        const pi = id('pi');
        session.status = 'complete';
        session.payment_status = 'paid';
        session.payment_intent = pi;
        session.url = null;
        payments.set(pi, {
          sessionId: session.id,
          chargeId: id('ch'),
          amount: session.amount_total,
          currency: session.currency ?? 'inr',
          metadata: paymentIntentMetadata.get(session.id) ?? {},
        });
        save();
        log(`session ${session.id} paid (${session.amount_total} paise)`);
        // As Stripe does: the webhook goes out, then the shopper is sent back.
        await deliver('checkout.session.completed', session);
      }
      return redirect(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
    }
    return html(404, notFoundPage());
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = new URL(req.url ?? '/', url).pathname;
      const pageMatch = /^\/c\/pay\/([A-Za-z0-9_]+)(?:\/(pay|cancel))?$/.exec(path);
      if (pageMatch) {
        await page(req, res, pageMatch[1] ?? '', pageMatch[2]);
        return;
      }
      const params = Object.fromEntries(new URLSearchParams(body));
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({ method: req.method ?? 'GET', path, params, authorization: req.headers.authorization, idempotencyKey });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': `req_${randomBytes(6).toString('hex')}`,
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        });
        res.end(JSON.stringify(json));
      };
      if (!req.headers.authorization?.startsWith('Bearer sk_')) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      if (drop.refunds && req.method === 'POST' && path === '/v1/refunds') {
        send(500, { error: { type: 'api_error', message: 'An error occurred with our connection to Stripe (test outage)' } });
        return;
      }
      const replayKey = idempotencyKey && req.method === 'POST' ? `${path} ${idempotencyKey}` : null;
      const bodyHash = createHash('sha256').update(body).digest('hex');
      if (replayKey) {
        const seen = idempotent.get(replayKey);
        if (seen && seen.bodyHash !== bodyHash) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
          return;
        }
        if (seen) {
          send(seen.status, seen.json);
          return;
        }
      }
      let status = 200;
      let json: unknown;
      try {
        json = api(req.method ?? 'GET', path, params);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        json = { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } };
      }
      // Stripe replays the first answer to a key, errors included (but not 5xx).
      if (replayKey) idempotent.set(replayKey, { bodyHash, status, json });
      send(status, json);
    })().catch((error: unknown) => {
      log(`error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in failure' } }));
    });
  });

  return listenLocal(server, port, { intervals: [expiryTimer], timeouts: timers }).then((close): StripeLocal => ({
    port,
    url,
    requests,
    sessions,
    refunds,
    deliveries,
    get dropWebhooks() {
      return drop.webhooks;
    },
    set dropWebhooks(value: boolean) {
      drop.webhooks = value;
    },
    get refundsDown() {
      return drop.refunds;
    },
    set refundsDown(value: boolean) {
      drop.refunds = value;
    },
    close,
  }));
}
