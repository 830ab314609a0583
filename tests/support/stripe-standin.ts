// A tiny stand-in for the few Stripe endpoints the function calls (DESIGN §7): the function's
// real `stripe` client talks to it through STRIPE_API_BASE. It records the form parameters
// of every request, so tests can assert what would have been sent to Stripe.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface StandinRequest {
  method: string;
  path: string;
  /** The form body, flattened: `line_items[0][price_data][unit_amount]` → '12345'. */
  params: Record<string, string>;
  authorization: string | undefined;
}

export interface StandinSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  currency: string | null;
  amount_total: number;
  expires_at: number;
  success_url: string;
  cancel_url: string;
}

export interface StripeStandin {
  port: number;
  requests: StandinRequest[];
  sessions: Map<string, StandinSession>;
  close: () => Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function amountTotal(params: Record<string, string>): number {
  let total = 0;
  for (let i = 0; params[`line_items[${i}][quantity]`] !== undefined; i += 1) {
    total += Number(params[`line_items[${i}][price_data][unit_amount]`] ?? 0) * Number(params[`line_items[${i}][quantity]`]);
  }
  return total;
}

/** Starts the stand-in on `port` (default: STRIPE_STANDIN_PORT, as scripts/test.ts sets it). */
export function startStripeStandin(port = Number(process.env.STRIPE_STANDIN_PORT ?? 12111)): Promise<StripeStandin> {
  const requests: StandinRequest[] = [];
  const sessions = new Map<string, StandinSession>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://standin');
      const params = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params, authorization: req.headers.authorization });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(json));
      };
      if (!req.headers.authorization?.startsWith('Bearer sk_')) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const match = /^\/v1\/checkout\/sessions(?:\/([^/]+))?(?:\/(expire))?$/.exec(url.pathname);
      if (!match) {
        send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${url.pathname})` } });
        return;
      }
      const [, id, action] = match;
      if (req.method === 'POST' && !id) {
        const session: StandinSession = {
          id: `cs_test_${randomBytes(12).toString('hex')}`,
          object: 'checkout.session',
          status: 'open',
          payment_status: 'unpaid',
          url: '',
          metadata: Object.fromEntries(
            Object.entries(params)
              .filter(([k]) => k.startsWith('metadata['))
              .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
          ),
          client_reference_id: params.client_reference_id ?? null,
          currency: params.currency ?? null,
          amount_total: amountTotal(params),
          expires_at: Number(params.expires_at ?? 0),
          success_url: params.success_url ?? '',
          cancel_url: params.cancel_url ?? '',
        };
        session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
        sessions.set(session.id, session);
        send(200, session);
        return;
      }
      const session = id ? sessions.get(id) : undefined;
      if (!session) {
        send(404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${id}'` } });
        return;
      }
      if (req.method === 'GET' && !action) {
        send(200, session);
        return;
      }
      if (req.method === 'POST' && action === 'expire') {
        if (session.status === 'open') session.status = 'expired';
        send(200, session);
        return;
      }
      send(405, { error: { type: 'invalid_request_error', message: 'Method not allowed' } });
    })().catch(() => {
      res.writeHead(500).end();
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        port,
        requests,
        sessions,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
