// The local Razorpay test checkout: a stand-in for the Razorpay endpoints the function's real
// `razorpay` client calls (its axios baseURL points here on the emulators), plus the hosted
// Payment Link page (docs/orders-and-payments.md, "Razorpay offline"). `npm start` runs it with
// PAYMENT_PROVIDER=razorpay and no real keys; the API and browser tests run the same module.
//   POST /v1/payment_links (a second link with the same reference_id is refused, as Razorpay
//   does), GET /v1/payment_links?reference_id=, GET /v1/payment_links/:id, POST …/:id/cancel,
//   GET /v1/payments/:id, POST /v1/payments/:id/refund, GET /v1/payments/:id/refunds;
//   GET /pl/:id (the page), POST /pl/:id/pay → signed payment.captured, order.paid and
//   payment_link.paid webhooks, then 303 to callback_url; POST /pl/:id/fail → payment.failed;
//   POST /pl/:id/cancel → 303 to the shop's /payment-cancel?order_id=…; a refund →
//   refund.processed after a moment. A link past expire_by becomes `expired`.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenLocal, readBody } from '../lib/stand-in-server.ts';
import QRCode from 'qrcode';
import { LOCAL_PORTS } from '../../domain/src/ports.ts';
import { razorpayPage } from './page.ts';
import { CARDLESS_EMI_PROVIDERS, PAY_LATER_PROVIDERS, RAZORPAY_EMI_RATES } from '../../domain/src/emi-rates.ts';

export const DEFAULT_RAZORPAY_LOCAL_PORT = LOCAL_PORTS.razorpayLocal;
export const LOCAL_RAZORPAY_KEY_ID = 'rzp_test_bagshoplocal';
export const LOCAL_RAZORPAY_KEY_SECRET = 'bagshop_local_key_secret';
export const LOCAL_RAZORPAY_WEBHOOK_SECRET = 'bagshop_local_webhook_secret';

export interface LocalLink {
  id: string;
  entity: 'payment_link';
  short_url: string;
  status: 'created' | 'paid' | 'cancelled' | 'expired';
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  reference_id: string;
  description: string;
  order_id: string;
  notes: Record<string, string>;
  callback_url: string;
  callback_method: string;
  expire_by: number;
  created_at: number;
  payments: { payment_id: string; amount: number; status: string; method: string; created_at: number }[] | null;
}

export interface LocalPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  notes: Record<string, string>;
  error_description: string | null;
  /** Card EMI: the issuing bank's code, as Razorpay sends it. */
  bank?: string | null;
  /** Card EMI, as Razorpay's payment entity carries it: issuer, rate (basis points ×100: 1500 = 15 %), duration (months). */
  emi?: { issuer: string; rate: number; duration: number } | null;
  /** Cardless EMI and Pay Later: the lender's code. */
  provider?: string | null;
  created_at: number;
}

const METHODS = ['upi', 'card', 'netbanking', 'emi', 'cardless_emi', 'paylater'];

/** The method fields of a payment made on the page: Card EMI's bank and plan, Cardless EMI's and Pay Later's provider. */
export function methodFields(form: URLSearchParams): Pick<LocalPayment, 'method' | 'bank' | 'emi' | 'provider'> {
  const method = METHODS.includes(form.get('method') ?? '') ? (form.get('method') as string) : 'upi';
  if (method === 'emi') {
    const [code = '', months = ''] = (form.get('emi_plan') ?? '').split(':');
    const bank = RAZORPAY_EMI_RATES.find((b) => b.code === code) ?? RAZORPAY_EMI_RATES[0];
    const duration = [3, 6, 9, 12].includes(Number(months)) ? (Number(months) as 3 | 6 | 9 | 12) : 3;
    const rate = bank?.rates[duration] ?? 0;
    return { method, bank: bank?.code ?? null, emi: { issuer: bank?.code ?? '', rate: Math.round(rate * 100), duration }, provider: null };
  }
  if (method === 'cardless_emi') {
    const p = CARDLESS_EMI_PROVIDERS.find((x) => x.code === form.get('cardless_provider')) ?? CARDLESS_EMI_PROVIDERS[0];
    return { method, bank: null, emi: null, provider: p?.code ?? null };
  }
  if (method === 'paylater') {
    const p = PAY_LATER_PROVIDERS.find((x) => x.code === form.get('paylater_provider')) ?? PAY_LATER_PROVIDERS[0];
    return { method, bank: null, emi: null, provider: p?.code ?? null };
  }
  return { method, bank: null, emi: null, provider: null };
}

export interface LocalRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'pending' | 'processed';
  created_at: number;
}

export interface RazorpayLocalOptions {
  port?: number;
  webhookUrl?: string;
  webhookSecret?: string;
  refundDelayMs?: number;
  log?: (line: string) => void;
}

export interface RazorpayLocal {
  port: number;
  url: string;
  links: Map<string, LocalLink>;
  payments: Map<string, LocalPayment>;
  refunds: Map<string, LocalRefund>;
  requests: { method: string; path: string; body: unknown; authorization: string | undefined }[];
  deliveries: { event: string; id: string; status: number; payload: string }[];
  /** Tests: when true, webhooks are not sent (a late or lost webhook). */
  dropWebhooks: boolean;
  close: () => Promise<void>;
}

const rid = (prefix: string) =>
  `${prefix}_${randomBytes(7)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
const bad = (message: string) => new ApiError(400, message);

/** Signs as Razorpay does: X-Razorpay-Signature = hex HMAC-SHA256 of the raw body. */
export function razorpaySignature(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function startRazorpayLocal(options: RazorpayLocalOptions = {}): Promise<RazorpayLocal> {
  const port = options.port ?? (Number(process.env.RAZORPAY_LOCAL_PORT ?? DEFAULT_RAZORPAY_LOCAL_PORT) || DEFAULT_RAZORPAY_LOCAL_PORT);
  const url = `http://127.0.0.1:${port}`;
  const log = options.log ?? (() => undefined);
  const links = new Map<string, LocalLink>();
  const payments = new Map<string, LocalPayment>();
  const refunds = new Map<string, LocalRefund>();
  const requests: RazorpayLocal['requests'] = [];
  const deliveries: RazorpayLocal['deliveries'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const state = { dropWebhooks: false };

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref();
    timers.add(t);
  };

  async function deliver(event: string, payload: Record<string, { entity: unknown }>, attempt = 1, id = rid('evt')): Promise<void> {
    if (!options.webhookUrl || !options.webhookSecret || state.dropWebhooks) return;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_bagshoplocal',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: nowSeconds(),
    });
    let status = 0;
    try {
      const res = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': razorpaySignature(body, options.webhookSecret),
          'X-Razorpay-Event-Id': id,
        },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ event, id, status, payload: body });
    log(`webhook ${event} → ${status || 'no answer'}`);
    if ((status < 200 || status >= 300) && attempt < 4) later(attempt * 2000, () => void deliver(event, payload, attempt + 1, id));
  }

  const expiryTimer = setInterval(() => {
    for (const link of links.values()) if (link.status === 'created' && link.expire_by <= nowSeconds()) link.status = 'expired';
  }, 1000);
  expiryTimer.unref();

  function createLink(b: Record<string, unknown>): LocalLink {
    const amount = Number(b.amount);
    if (!Number.isInteger(amount) || amount < 100) throw bad('The amount must be atleast INR 1.00');
    if (b.currency !== 'INR') throw bad('Currency is not supported');
    const reference = String(b.reference_id ?? '');
    if (reference.length > 40) throw bad('reference_id may not be greater than 40 characters');
    if (reference && [...links.values()].some((l) => l.reference_id === reference))
      throw bad(`Payment Link with reference_id ${reference} already exists`);
    const expireBy = Number(b.expire_by ?? nowSeconds() + 180 * 24 * 3600);
    if (!Number.isInteger(expireBy) || expireBy <= nowSeconds()) throw bad('expire_by should be a future timestamp');
    const id = rid('plink');
    const link: LocalLink = {
      id,
      entity: 'payment_link',
      short_url: `${url}/pl/${id}`,
      status: 'created',
      amount,
      amount_paid: 0,
      currency: 'INR',
      accept_partial: Boolean(b.accept_partial),
      reference_id: reference,
      description: String(b.description ?? 'Payment'),
      order_id: rid('order'),
      notes: (b.notes && typeof b.notes === 'object' ? b.notes : {}) as Record<string, string>,
      callback_url: String(b.callback_url ?? ''),
      callback_method: String(b.callback_method ?? 'get'),
      expire_by: expireBy,
      created_at: nowSeconds(),
      payments: null,
    };
    links.set(id, link);
    log(`link ${id} created (${amount} paise, ${reference})`);
    return link;
  }

  function refund(paymentId: string, b: Record<string, unknown>): LocalRefund {
    const payment = payments.get(paymentId);
    if (!payment || payment.status === 'failed') throw bad('The id provided does not exist');
    const receipt = typeof b.receipt === 'string' ? b.receipt : null;
    const known = receipt ? [...refunds.values()].find((r) => r.payment_id === paymentId && r.receipt === receipt) : undefined;
    if (known) return known;
    const amount = b.amount === undefined ? payment.amount - payment.amount_refunded : Number(b.amount);
    if (amount <= 0 || payment.amount_refunded + amount > payment.amount) throw bad('The payment has been fully refunded already');
    payment.amount_refunded += amount;
    if (payment.amount_refunded >= payment.amount) payment.status = 'refunded';
    const r: LocalRefund = {
      id: rid('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: paymentId,
      receipt,
      notes: (b.notes && typeof b.notes === 'object' ? b.notes : {}) as Record<string, string>,
      status: 'pending',
      created_at: nowSeconds(),
    };
    refunds.set(r.id, r);
    later(options.refundDelayMs ?? 300, () => {
      r.status = 'processed';
      void deliver('refund.processed', { refund: { entity: r }, payment: { entity: payment } });
    });
    return r;
  }

  function api(method: string, path: string, query: URLSearchParams, b: Record<string, unknown>): unknown {
    if (method === 'POST' && path === '/v1/payment_links') return createLink(b);
    if (method === 'GET' && path === '/v1/payment_links') {
      const ref = query.get('reference_id');
      const list = [...links.values()].filter((l) => !ref || l.reference_id === ref);
      return { payment_links: list };
    }
    let m = /^\/v1\/payment_links\/([A-Za-z0-9_]+)(\/cancel)?$/.exec(path);
    if (m) {
      const link = links.get(m[1] ?? '');
      if (!link) throw bad('The id provided does not exist');
      if (method === 'GET' && !m[2]) return link;
      if (method === 'POST' && m[2]) {
        if (link.status !== 'created') throw bad(`Payment Link cannot be cancelled in ${link.status} state`);
        link.status = 'cancelled';
        return link;
      }
    }
    m = /^\/v1\/payments\/([A-Za-z0-9_]+)(\/refund|\/refunds)?$/.exec(path);
    if (m) {
      const payment = payments.get(m[1] ?? '');
      if (!payment) throw bad('The id provided does not exist');
      if (method === 'GET' && !m[2]) return payment;
      if (method === 'POST' && m[2] === '/refund') return refund(payment.id, b);
      if (method === 'GET' && m[2] === '/refunds') {
        const items = [...refunds.values()].filter((r) => r.payment_id === payment.id);
        return { entity: 'collection', count: items.length, items };
      }
    }
    throw new ApiError(404, 'The requested URL was not found on the server.');
  }

  async function page(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    action: string | undefined,
    form: URLSearchParams,
    query: URLSearchParams,
  ) {
    const link = links.get(id);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(body);
    };
    const redirect = (to: string) => {
      res.writeHead(303, { Location: to, 'Cache-Control': 'no-store' });
      res.end();
    };
    if (!link) return html(404, '<!doctype html><title>Not found</title><p>No such payment link.</p>');
    const view = async (message?: string) => {
      const upiLink = `upi://pay?pa=bagshop@razorpay&pn=Bagshop&am=${(link.amount / 100).toFixed(2)}&cu=INR&tr=${link.id}&tn=${encodeURIComponent(link.description)}`;
      return razorpayPage({
        id: link.id,
        status: link.status,
        amount: link.amount,
        description: link.description,
        expireBy: link.expire_by,
        upiLink,
        upiQr: await QRCode.toDataURL(upiLink, { margin: 1, width: 200 }),
        message,
        method: form.get('method') ?? query.get('method') ?? undefined,
        ...(link.notes.emi_plan ? { emiPlan: link.notes.emi_plan } : {}),
      });
    };
    if (req.method === 'GET' && !action) return html(link.status === 'created' ? 200 : 410, await view());
    if (req.method !== 'POST') return html(405, await view());
    const shop = link.callback_url ? new URL(link.callback_url).origin : '';
    if (action === 'cancel') return redirect(`${shop}/payment-cancel?order_id=${encodeURIComponent(link.notes.orderId ?? '')}`);
    if (link.status !== 'created') return html(410, await view());
    const fields = methodFields(form);
    const method = fields.method;
    const payment: LocalPayment = {
      id: rid('pay'),
      entity: 'payment',
      amount: link.amount,
      currency: link.currency,
      status: action === 'pay' ? 'captured' : 'failed',
      order_id: link.order_id,
      ...fields,
      captured: action === 'pay',
      amount_refunded: 0,
      notes: link.notes,
      error_description: action === 'pay' ? null : 'Payment failed (test)',
      created_at: nowSeconds(),
    };
    payments.set(payment.id, payment);
    link.payments = [
      ...(link.payments ?? []),
      { payment_id: payment.id, amount: payment.amount, status: payment.status, method, created_at: payment.created_at },
    ];
    if (action === 'fail') {
      log(`link ${link.id}: payment failed`);
      await deliver('payment.failed', { payment: { entity: payment } });
      return html(200, await view('The payment failed. You can try again.'));
    }
    link.status = 'paid';
    link.amount_paid = link.amount;
    log(`link ${link.id} paid by ${method} (${link.amount} paise)`);
    const order = {
      id: link.order_id,
      entity: 'order',
      amount: link.amount,
      amount_paid: link.amount,
      currency: 'INR',
      receipt: link.reference_id,
      notes: link.notes,
      status: 'paid',
    };
    await deliver('payment.captured', { payment: { entity: payment } });
    await deliver('order.paid', { payment: { entity: payment }, order: { entity: order } });
    await deliver('payment_link.paid', { payment_link: { entity: link }, payment: { entity: payment }, order: { entity: order } });
    const back = new URL(link.callback_url);
    back.searchParams.set('razorpay_payment_id', payment.id);
    back.searchParams.set('razorpay_payment_link_id', link.id);
    back.searchParams.set('razorpay_payment_link_reference_id', link.reference_id);
    back.searchParams.set('razorpay_payment_link_status', 'paid');
    back.searchParams.set(
      'razorpay_signature',
      razorpaySignature(`${link.id}|${link.reference_id}|paid|${payment.id}`, LOCAL_RAZORPAY_KEY_SECRET),
    );
    return redirect(back.toString());
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const full = new URL(req.url ?? '/', url);
      const pageMatch = /^\/pl\/([A-Za-z0-9_]+)(?:\/(pay|fail|cancel))?$/.exec(full.pathname);
      if (pageMatch) {
        await page(req, res, pageMatch[1] ?? '', pageMatch[2], new URLSearchParams(raw), full.searchParams);
        return;
      }
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Invalid JSON' } });
        return;
      }
      requests.push({ method: req.method ?? 'GET', path: full.pathname, body, authorization: req.headers.authorization });
      if (!req.headers.authorization?.startsWith('Basic ')) {
        send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
        return;
      }
      try {
        send(200, api(req.method ?? 'GET', full.pathname, full.searchParams, body));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        send(error.status, { error: { code: 'BAD_REQUEST_ERROR', description: error.message } });
      }
    })().catch((error: unknown) => {
      log(`error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'stand-in failure' } }));
    });
  });

  return listenLocal(server, port, { intervals: [expiryTimer], timeouts: timers }).then((close): RazorpayLocal => ({
    port,
    url,
    links,
    payments,
    refunds,
    requests,
    deliveries,
    get dropWebhooks() {
      return state.dropWebhooks;
    },
    set dropWebhooks(v: boolean) {
      state.dropWebhooks = v;
    },
    close,
  }));
}
