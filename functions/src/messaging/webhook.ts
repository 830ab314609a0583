/**
 * POST /api/webhooks/whatsapp: what the Cloud API reports (docs/whatsapp.md).
 *   - The signature first (X-Hub-Signature-256 over the raw body with the app secret): a
 *     missing or wrong one is 401 and nothing is read or recorded.
 *   - `statuses[]` (sent, delivered, read, failed) move the message log entry, found by our id
 *     in `biz_opaque_callback_data` or by the wamid.
 *   - Inbound `messages[]`, each once (`inboundMessages/{wamid}`): "STOP" (or "unsubscribe")
 *     withdraws the marketing consent of the account whose verified phone sent it; the
 *     COD-confirm button confirms the order exactly as the mail's link does (fulfilment/cod.ts).
 * GET /api/webhooks/whatsapp: Meta's verification handshake (hub.mode=subscribe, hub.verify_token, hub.challenge).
 */
import { MESSAGE_STATUSES, type MessageStatus } from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { Timestamp } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { setMarketingConsent } from '../accounts/index.js';
import { confirmCod } from '../fulfilment/cod.js';
import { auth, db } from '../lib/admin.js';
import { badRequest, HttpError, unauthorized } from '../lib/errors.js';
import { applyStatus, findMessage } from './log.js';
import { COD_CONFIRM_PAYLOAD } from './order-updates.js';
import { validWhatsAppSignature } from './signature.js';

export const BAD_SIGNATURE = 'The WhatsApp webhook signature is missing or wrong';
export const inboundMessages = () => db.collection('inboundMessages');

/** Words that withdraw marketing consent, case-insensitive. */
const STOP_WORDS = new Set(['stop', 'unsubscribe', 'stop all', 'opt out', 'optout']);

interface StatusEvent {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  biz_opaque_callback_data?: unknown;
  errors?: { title?: unknown; message?: unknown }[];
}

interface InboundEvent {
  id?: unknown;
  from?: unknown;
  timestamp?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { payload?: unknown; text?: unknown };
}

interface WebhookBody {
  object?: unknown;
  entry?: { changes?: { field?: unknown; value?: { statuses?: StatusEvent[]; messages?: InboundEvent[] } }[] }[];
}

/** GET: answers `hub.challenge` when the verify token matches; 403 otherwise. */
export function verifySubscription(query: Record<string, unknown>): string {
  const expected = serverConfig().whatsapp.verifyToken;
  const challenge = typeof query['hub.challenge'] === 'string' ? query['hub.challenge'] : '';
  if (!expected || query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== expected || !challenge)
    throw new HttpError(403, 'The verify token does not match');
  return challenge;
}

const timeOf = (seconds: unknown): Timestamp | undefined => {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? Timestamp.fromMillis(n * 1000) : undefined;
};

async function onStatus(event: StatusEvent): Promise<void> {
  const wamid = typeof event.id === 'string' ? event.id : '';
  const status = MESSAGE_STATUSES.find((s) => s === event.status && s !== 'queued') as MessageStatus | undefined;
  if (!wamid || !status) return;
  const ref = await findMessage(typeof event.biz_opaque_callback_data === 'string' ? event.biz_opaque_callback_data : null, wamid);
  if (!ref) {
    logger.info('whatsapp_status_unknown_message', { wamid, status });
    return;
  }
  const error = event.errors?.[0];
  const reason = error ? String(error.message ?? error.title ?? 'failed') : undefined;
  const at = timeOf(event.timestamp);
  await applyStatus(ref, status, { providerMessageId: wamid, ...(reason ? { error: reason } : {}), ...(at ? { at } : {}) });
}

async function uidOfPhone(e164: string): Promise<string | null> {
  try {
    return (await auth.getUserByPhoneNumber(e164)).uid;
  } catch {
    return null;
  }
}

/** What an inbound message asks for, done; answers what was done (kept in the inbound log). */
async function actOn(message: InboundEvent, from: string): Promise<{ action: string; uid: string | null; detail?: string }> {
  const text = typeof message.text?.body === 'string' ? message.text.body.trim().toLowerCase() : '';
  if (message.type === 'text' && STOP_WORDS.has(text)) {
    const uid = await uidOfPhone(from);
    if (!uid) return { action: 'stop_unknown_phone', uid: null };
    await setMarketingConsent(uid, false, 'whatsapp-stop');
    logger.info('whatsapp_stop', { uid });
    return { action: 'marketing_withdrawn', uid };
  }
  const payload = typeof message.button?.payload === 'string' ? message.button.payload : '';
  const cod = message.type === 'button' ? COD_CONFIRM_PAYLOAD.exec(payload) : null;
  if (cod?.[1] && cod[2]) {
    try {
      const order = await confirmCod(null, cod[1], { token: cod[2] });
      return { action: 'cod_confirmed', uid: order.userId, detail: cod[1] };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { action: 'cod_confirm_refused', uid: null, detail: `${cod[1]}: ${error.message}` };
    }
  }
  return { action: 'ignored', uid: null };
}

async function onInbound(message: InboundEvent): Promise<void> {
  const wamid = typeof message.id === 'string' && /^[A-Za-z0-9._=+-]{1,300}$/.test(message.id) ? message.id : '';
  const digits = typeof message.from === 'string' ? message.from.replace(/\D/g, '') : '';
  if (!wamid || !digits) return;
  const ref = inboundMessages().doc(wamid.replace(/[^A-Za-z0-9_-]/g, '_'));
  try {
    await ref.create({ wamid, from: `+${digits}`, type: String(message.type ?? ''), status: 'received', createdAt: Timestamp.now() });
  } catch (error) {
    if ((error as { code?: unknown }).code === 6) return; // delivered before: done once
    throw error;
  }
  const outcome = await actOn(message, `+${digits}`);
  await ref.update({
    status: 'handled',
    action: outcome.action,
    uid: outcome.uid,
    detail: outcome.detail ?? null,
    handledAt: Timestamp.now(),
  });
}

/** POST: checks the signature on the raw bytes, then applies every status and inbound message. */
export async function handleWhatsAppWebhook(
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<{ statuses: number; messages: number }> {
  const secret = serverConfig().whatsapp.appSecret;
  if (!secret) throw new HttpError(503, 'WhatsApp is not configured');
  if (!validWhatsAppSignature(rawBody, signature, secret)) throw unauthorized(BAD_SIGNATURE);
  let body: WebhookBody;
  try {
    body = JSON.parse((rawBody ?? Buffer.alloc(0)).toString('utf8')) as WebhookBody;
  } catch {
    throw badRequest('Invalid webhook body');
  }
  if (body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) throw badRequest('Invalid webhook body');
  let statuses = 0;
  let messages = 0;
  for (const change of body.entry.flatMap((e) => (Array.isArray(e.changes) ? e.changes : []))) {
    for (const s of Array.isArray(change.value?.statuses) ? change.value.statuses : []) {
      await onStatus(s);
      statuses += 1;
    }
    for (const m of Array.isArray(change.value?.messages) ? change.value.messages : []) {
      await onInbound(m);
      messages += 1;
    }
  }
  return { statuses, messages };
}
