/**
 * A WhatsApp message's status in the message log (`messages/{id}`, docs/whatsapp.md): queued
 * when the shop decides to send it, then what the Cloud API answers and its status webhooks
 * report. Webhooks may arrive out of order or twice: a status never goes back.
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const RANK: Record<MessageStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 1.5 };

/** The status after `next` is reported: `read` after `delivered`, never `sent` after `read`; `failed` only before delivery. */
export function nextMessageStatus(current: MessageStatus, next: MessageStatus): MessageStatus {
  if (next === 'failed') return current === 'queued' || current === 'sent' ? 'failed' : current;
  if (current === 'failed') return next === 'delivered' || next === 'read' ? next : current;
  return RANK[next] > RANK[current] ? next : current;
}
