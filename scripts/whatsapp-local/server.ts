// The local WhatsApp stand-in (docs/whatsapp.md, "Offline"): the Cloud API endpoint the
// function's adapter calls (functions/src/messaging/whatsapp.ts), and a page per phone.
//   POST /:version/:phoneNumberId/messages, Authorization: Bearer <LOCAL_WHATSAPP_TOKEN>: a
//     template message, checked as WhatsApp checks it (messaging_product, to, a known template
//     in its language, one text parameter per {{n}}, the quick-reply button's payload) → 200
//     { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid…' }] }, or
//     400/401 { error: { message, type, code } } as the Graph API answers;
//   then the status webhooks sent, delivered, read → POST the app's /api/webhooks/whatsapp,
//     signed (X-Hub-Signature-256 with the app secret), `biz_opaque_callback_data` echoed;
//   GET / the phones; GET /chat/:phone the chat; POST /chat/:phone/reply (text) and
//     POST /chat/:phone/tap/:id (the COD-confirm button): the signed inbound webhook;
//   GET /api/messages?phone= the messages as JSON (tests).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { LOCAL_PORTS } from '../../domain/src/ports.ts';
import { renderTemplate, templateByName, templateParameterProblem } from '../../domain/src/messaging/whatsapp-templates.ts';
import { whatsappSignature } from '../../functions/src/messaging/signature.ts';
import { listenLocal, readBody } from '../lib/stand-in-server.ts';
import { chatPage, phonesPage, type ChatMessage } from './page.ts';

export const DEFAULT_WHATSAPP_LOCAL_PORT = LOCAL_PORTS.whatsappLocal;
export const LOCAL_WHATSAPP_TOKEN = 'whatsapp-local-token';
export const LOCAL_WHATSAPP_APP_SECRET = 'whatsapp-local-app-secret';
export const LOCAL_WHATSAPP_PHONE_NUMBER_ID = '100000000000001';
export const LOCAL_WHATSAPP_VERIFY_TOKEN = 'whatsapp-local-verify-token';
const WABA_ID = '200000000000001';
const DISPLAY_NUMBER = '919000000000';

export interface WhatsAppLocalOptions {
  port?: number;
  /** The app's /api/webhooks/whatsapp (through Hosting). Without it, nothing is reported back. */
  webhookUrl?: string;
  appSecret?: string;
  log?: (line: string) => void;
}

export interface SentMessage extends ChatMessage {
  callbackData: string | null;
  parameters: string[];
}

export interface WhatsAppLocal {
  port: number;
  url: string;
  messages: SentMessage[];
  /** Every send call: the body, and the HTTP status answered. */
  requests: { body: unknown; status: number }[];
  /** Webhook deliveries: what was sent and the app's HTTP status. */
  deliveries: { kind: 'status' | 'inbound'; body: unknown; status: number }[];
  /** The shopper types `text` (e.g. STOP); answers the app's HTTP status. */
  reply: (phone: string, text: string) => Promise<number>;
  /** The shopper taps a message's quick-reply button. */
  tap: (messageId: string) => Promise<number>;
  /** Sends a webhook body as given, signed with `secret` (default: the app secret; null: unsigned). */
  sendRaw: (body: unknown, secret?: string | null) => Promise<{ status: number; answer: unknown }>;
  close: () => Promise<void>;
}

class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

interface TemplateBody {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  biz_opaque_callback_data?: unknown;
  template?: { name?: unknown; language?: { code?: unknown }; components?: unknown };
}

interface Component {
  type?: unknown;
  sub_type?: unknown;
  index?: unknown;
  parameters?: { type?: unknown; text?: unknown; payload?: unknown }[];
}

/** Checks a send as the Cloud API does; answers the message it makes. */
export function acceptTemplate(body: TemplateBody): Omit<SentMessage, 'id' | 'status' | 'at'> {
  if (body.messaging_product !== 'whatsapp') throw new ApiRefusal(400, 'messaging_product must be "whatsapp"', 100);
  const to = typeof body.to === 'string' ? body.to.replace(/^\+/, '') : '';
  if (!/^\d{8,15}$/.test(to)) throw new ApiRefusal(400, '(#100) Invalid parameter: to', 100);
  if (body.type !== 'template') throw new ApiRefusal(400, 'This stand-in takes template messages only', 100);
  const name = typeof body.template?.name === 'string' ? body.template.name : '';
  const template = templateByName(name);
  if (!template) throw new ApiRefusal(404, `(#132001) Template name does not exist in the translation: ${name}`, 132001);
  if (body.template?.language?.code !== template.language)
    throw new ApiRefusal(404, `(#132001) Template ${name} does not exist in ${String(body.template?.language?.code)}`, 132001);
  const components = (Array.isArray(body.template?.components) ? body.template.components : []) as Component[];
  const bodyComponent = components.find((c) => c.type === 'body');
  const params = bodyComponent?.parameters ?? [];
  if (params.some((p) => p.type !== 'text' || typeof p.text !== 'string'))
    throw new ApiRefusal(400, '(#131008) Body parameters must be of type text', 131008);
  const parameters = params.map((p) => String(p.text));
  const problem = templateParameterProblem(template, parameters);
  if (problem) throw new ApiRefusal(400, `(#132000) Number of parameters does not match / invalid parameter: ${problem}`, 132000);
  const buttons = components.filter((c) => c.type === 'button');
  if (buttons.length > 0 && !template.quickReply) throw new ApiRefusal(400, `(#132000) ${name} has no buttons`, 132000);
  const quick = buttons[0];
  if (quick && (quick.sub_type !== 'quick_reply' || quick.index !== '0' || quick.parameters?.[0]?.type !== 'payload'))
    throw new ApiRefusal(400, '(#131008) The button must be sub_type quick_reply, index "0", a payload parameter', 131008);
  const payload = quick?.parameters?.[0]?.payload;
  return {
    phone: to,
    direction: 'out',
    text: renderTemplate(template, parameters),
    template: name,
    parameters,
    button: template.quickReply && typeof payload === 'string' ? { text: template.quickReply.text, payload } : null,
    callbackData: typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null,
  };
}

const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;
const seconds = () => String(Math.floor(Date.now() / 1000));

function envelope(value: Record<string, unknown>): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: DISPLAY_NUMBER, phone_number_id: LOCAL_WHATSAPP_PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

export function statusWebhook(message: SentMessage, status: 'sent' | 'delivered' | 'read'): Record<string, unknown> {
  return envelope({
    statuses: [
      {
        id: message.id,
        status,
        timestamp: seconds(),
        recipient_id: message.phone,
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
        pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' },
      },
    ],
  });
}

export function inboundWebhook(phone: string, id: string, content: Record<string, unknown>): Record<string, unknown> {
  return envelope({
    contacts: [{ profile: { name: 'Test shopper' }, wa_id: phone }],
    messages: [{ from: phone, id, timestamp: seconds(), ...content }],
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

function redirect(res: ServerResponse, to: string): void {
  res.writeHead(303, { Location: to });
  res.end();
}

export async function startWhatsAppLocal(options: WhatsAppLocalOptions = {}): Promise<WhatsAppLocal> {
  const port = options.port ?? (Number(process.env.WHATSAPP_LOCAL_PORT ?? DEFAULT_WHATSAPP_LOCAL_PORT) || DEFAULT_WHATSAPP_LOCAL_PORT);
  const appSecret = options.appSecret ?? LOCAL_WHATSAPP_APP_SECRET;
  const log = options.log ?? (() => undefined);
  const messages: SentMessage[] = [];
  const requests: WhatsAppLocal['requests'] = [];
  const deliveries: WhatsAppLocal['deliveries'] = [];
  const timeouts = new Set<NodeJS.Timeout>();

  const post = async (body: unknown, secret: string | null): Promise<{ status: number; answer: unknown }> => {
    if (!options.webhookUrl) return { status: 0, answer: null };
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (secret) headers['X-Hub-Signature-256'] = whatsappSignature(raw, secret);
    try {
      const res = await fetch(options.webhookUrl, { method: 'POST', headers, body: raw, signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      let answer: unknown = text;
      try {
        answer = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, answer };
    } catch (error) {
      return { status: 0, answer: error instanceof Error ? error.message : String(error) };
    }
  };

  /** Like WhatsApp, a webhook the app does not take (not 200) is sent again, a few times with a growing pause. */
  const deliver = async (kind: 'status' | 'inbound', body: unknown): Promise<number> => {
    let status = 0;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      ({ status } = await post(body, appSecret));
      deliveries.push({ kind, body, status });
      if (status === 200 || !options.webhookUrl) return status;
      await new Promise<void>((done) => {
        const t = setTimeout(
          () => {
            timeouts.delete(t);
            done();
          },
          500 * 2 ** attempt,
        );
        timeouts.add(t);
      });
    }
    return status;
  };

  const reportStatuses = async (message: SentMessage) => {
    for (const status of ['sent', 'delivered', 'read'] as const) {
      const code = await deliver('status', statusWebhook(message, status));
      message.status = status;
      log(`${status} ${message.template ?? ''} to +${message.phone}${options.webhookUrl ? ` (app answered ${code})` : ''}`);
    }
  };

  const reply = async (phone: string, text: string): Promise<number> => {
    const id = wamid();
    messages.push({
      id,
      phone,
      direction: 'in',
      text,
      template: null,
      button: null,
      status: 'received',
      at: new Date().toISOString(),
      callbackData: null,
      parameters: [],
    });
    return deliver('inbound', inboundWebhook(phone, id, { type: 'text', text: { body: text } }));
  };

  const tap = async (messageId: string): Promise<number> => {
    const original = messages.find((m) => m.id === messageId);
    if (!original?.button) return 404;
    const id = wamid();
    messages.push({
      id,
      phone: original.phone,
      direction: 'in',
      text: original.button.text,
      template: null,
      button: null,
      status: 'received',
      at: new Date().toISOString(),
      callbackData: null,
      parameters: [],
    });
    return deliver(
      'inbound',
      inboundWebhook(original.phone, id, {
        type: 'button',
        context: { from: DISPLAY_NUMBER, id: original.id },
        button: { text: original.button.text, payload: original.button.payload },
      }),
    );
  };

  const onSend = async (req: IncomingMessage, res: ServerResponse, phoneNumberId: string) => {
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      if (req.headers.authorization !== `Bearer ${LOCAL_WHATSAPP_TOKEN}`)
        throw new ApiRefusal(401, 'Invalid OAuth access token - Cannot parse access token', 190);
      if (phoneNumberId !== LOCAL_WHATSAPP_PHONE_NUMBER_ID)
        throw new ApiRefusal(400, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist`, 100);
      try {
        body = JSON.parse(raw);
      } catch {
        throw new ApiRefusal(400, 'The request body is not JSON', 100);
      }
      const accepted = acceptTemplate((body ?? {}) as TemplateBody);
      const message: SentMessage = { ...accepted, id: wamid(), status: 'accepted', at: new Date().toISOString() };
      messages.push(message);
      requests.push({ body, status: 200 });
      sendJson(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: accepted.phone, wa_id: accepted.phone }],
        messages: [{ id: message.id, message_status: 'accepted' }],
      });
      void reportStatuses(message);
    } catch (error) {
      const refusal = error instanceof ApiRefusal ? error : new ApiRefusal(500, String(error), 1);
      requests.push({ body, status: refusal.status });
      sendJson(res, refusal.status, {
        error: { message: refusal.message, type: 'OAuthException', code: refusal.code, fbtrace_id: 'local' },
      });
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    const send = /^\/v\d{1,3}\.\d{1,2}\/([^/]+)\/messages$/.exec(path);
    if (req.method === 'POST' && send?.[1]) return onSend(req, res, decodeURIComponent(send[1]));
    const chat = /^\/chat\/(\d{8,15})(?:\/(reply|tap)(?:\/([^/]+))?)?$/.exec(path);
    if (req.method === 'GET' && path === '/') {
      const phones = new Map<string, { phone: string; count: number; last: string }>();
      for (const m of messages) phones.set(m.phone, { phone: m.phone, count: (phones.get(m.phone)?.count ?? 0) + 1, last: m.at });
      return sendHtml(res, phonesPage([...phones.values()].reverse()));
    }
    if (req.method === 'GET' && path === '/api/messages') {
      const phone = url.searchParams.get('phone')?.replace(/\D/g, '');
      return sendJson(res, 200, { messages: messages.filter((m) => !phone || m.phone === phone) });
    }
    if (chat?.[1] && req.method === 'GET' && !chat[2])
      return sendHtml(
        res,
        chatPage(
          chat[1],
          messages.filter((m) => m.phone === chat[1]),
        ),
      );
    if (chat?.[1] && req.method === 'POST' && chat[2] === 'reply') {
      const text = new URLSearchParams(await readBody(req)).get('text')?.trim() || 'STOP';
      await reply(chat[1], text.slice(0, 200));
      return redirect(res, `/chat/${chat[1]}`);
    }
    if (chat?.[1] && req.method === 'POST' && chat[2] === 'tap' && chat[3]) {
      await readBody(req);
      await tap(decodeURIComponent(chat[3]));
      return redirect(res, `/chat/${chat[1]}`);
    }
    return sendJson(res, 404, { error: { message: 'Unknown path', code: 100 } });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, 500, { error: { message: String(error), code: 1 } }));
  });
  const close = await listenLocal(server, port, { timeouts });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    deliveries,
    reply,
    tap,
    sendRaw: (body, secret) => post(body, secret === undefined ? appSecret : secret),
    close,
  };
}
