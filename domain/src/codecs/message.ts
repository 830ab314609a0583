/**
 * `messages/{id}`: the message log (docs/whatsapp.md). One document per message the shop sends
 * on WhatsApp, written by the function (functions/src/messaging/), its status moved by the
 * Cloud API's answer and status webhooks. The id is derived from the order and the flow
 * (`orderMessageId`), so an event sends once. Only the function reads it; the admin's Messages
 * view gets counts from GET /api/admin/messages/summary.
 */
import { MESSAGE_CHANNELS, type MessageChannel } from '../messaging/flows.js';
import { MESSAGE_STATUSES, type MessageStatus } from '../messaging/status.js';
import { Fields } from './plain.js';

export interface MessageLogEntry {
  id: string;
  channel: MessageChannel;
  flow: string;
  orderId: string | null;
  uid: string;
  /** The template's name and language, and the parameters it was sent with. */
  template: string;
  language: string;
  parameters: string[];
  /** E.164 (+91…). Shown masked (`maskPhone`). */
  to: string;
  status: MessageStatus;
  /** The Cloud API's id (wamid…), once it has accepted the message. */
  providerMessageId: string | null;
  /** Why it failed (the API's error), or null. */
  error: string | null;
  /** ISO times of each status reached. */
  statusAt: Partial<Record<MessageStatus, string>>;
  /** ISO */
  createdAt: string;
  updatedAt: string;
}

export function messageFromData(id: string, data: unknown): MessageLogEntry {
  const d = Fields.of(data, `messages/${id}`);
  const at = Fields.orEmpty(d.raw('statusAt'), `messages/${id}.statusAt`);
  const statusAt: Partial<Record<MessageStatus, string>> = {};
  for (const s of MESSAGE_STATUSES) {
    const when = at.dateOrNull(s);
    if (when) statusAt[s] = when;
  }
  return {
    id,
    channel: d.oneOf<MessageChannel>('channel', MESSAGE_CHANNELS, 'whatsapp'),
    flow: d.text('flow'),
    orderId: d.textOrNull('orderId'),
    uid: d.text('uid'),
    template: d.text('template'),
    language: d.text('language', 'en'),
    parameters: d.textList('parameters'),
    to: d.text('to'),
    status: d.required<MessageStatus>('status', MESSAGE_STATUSES),
    providerMessageId: d.textOrNull('providerMessageId'),
    error: d.textOrNull('error'),
    statusAt,
    createdAt: d.date('createdAt'),
    updatedAt: d.dateOrNull('updatedAt') ?? d.date('createdAt'),
  };
}

/** What the WhatsApp trigger decided for one order mail (`messageOutcomes/{mailId}`, functions/src/messaging/order-updates.ts). */
export const MESSAGE_OUTCOMES = ['sent', 'failed', 'duplicate', 'off', 'no_verified_phone', 'no_order'] as const;
export type MessageOutcome = (typeof MESSAGE_OUTCOMES)[number];

export interface MessageOutcomeEntry {
  mailId: string;
  outcome: MessageOutcome;
  flow: string | null;
  orderId: string;
  /** The message log entry it concerns (`messages/{id}`). */
  messageId: string | null;
  /** ISO */
  at: string;
}

export function messageOutcomeFromData(mailId: string, data: unknown): MessageOutcomeEntry {
  const d = Fields.of(data, `messageOutcomes/${mailId}`);
  return {
    mailId,
    outcome: d.required<MessageOutcome>('outcome', MESSAGE_OUTCOMES),
    flow: d.textOrNull('flow'),
    orderId: d.text('orderId'),
    messageId: d.textOrNull('messageId'),
    at: d.date('at'),
  };
}

/** A WhatsApp message from a shopper (`inboundMessages/{wamid}`, functions/src/messaging/webhook.ts), handled once. */
export interface InboundMessageEntry {
  id: string;
  wamid: string;
  /** E.164 */
  from: string;
  type: string;
  status: 'received' | 'handled';
  /** What it did: marketing_withdrawn, stop_unknown_phone, cod_confirmed, cod_confirm_refused, ignored. */
  action: string | null;
  uid: string | null;
  detail: string | null;
  createdAt: string;
  handledAt: string | null;
}

export function inboundMessageFromData(id: string, data: unknown): InboundMessageEntry {
  const d = Fields.of(data, `inboundMessages/${id}`);
  return {
    id,
    wamid: d.text('wamid'),
    from: d.text('from'),
    type: d.text('type'),
    status: d.oneOf<'received' | 'handled'>('status', ['received', 'handled'], 'received'),
    action: d.textOrNull('action'),
    uid: d.textOrNull('uid'),
    detail: d.textOrNull('detail'),
    createdAt: d.date('createdAt'),
    handledAt: d.dateOrNull('handledAt'),
  };
}
