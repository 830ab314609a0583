/**
 * GET /api/admin/messages/summary: the admin's Messages view (docs/whatsapp.md). Per channel
 * and flow, over the last `days` days: how many were queued, sent, delivered, read and failed.
 * WhatsApp from the message log (each entry counts once, at the status it reached: a read
 * message was also sent and delivered); mail from the `mail` queue, where the Trigger Email
 * extension writes `delivery.state` (SUCCESS: sent, ERROR: failed, otherwise queued); mail has
 * no delivered or read receipts.
 */
import {
  MESSAGE_STATUSES,
  mailFlowOf,
  type FlowCounts,
  type MessageChannel,
  type MessagesSummary,
  type MessageStatus,
} from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { messageLog } from './log.js';

/** The most documents read per channel for one summary (the answer says when it stopped there). */
export const SUMMARY_LIMIT = 5000;

/** A status counts toward itself and each status it passed: read ⇒ delivered ⇒ sent. */
const PASSED: Record<MessageStatus, MessageStatus[]> = {
  queued: ['queued'],
  sent: ['sent'],
  delivered: ['sent', 'delivered'],
  read: ['sent', 'delivered', 'read'],
  failed: ['failed'],
};

function mailStatus(delivery: unknown): MessageStatus {
  const state = delivery && typeof delivery === 'object' ? (delivery as { state?: unknown }).state : undefined;
  if (state === 'SUCCESS') return 'sent';
  if (state === 'ERROR') return 'failed';
  return 'queued';
}

export async function messagesSummary(days: number): Promise<MessagesSummary> {
  const since = Timestamp.fromMillis(Date.now() - days * 86_400_000);
  const [wa, mail] = await Promise.all([
    messageLog().where('createdAt', '>=', since).select('channel', 'flow', 'status').limit(SUMMARY_LIMIT).get(),
    db.collection('mail').where('createdAt', '>=', since).select('flow', 'kind', 'delivery').limit(SUMMARY_LIMIT).get(),
  ]);
  const rows = new Map<string, FlowCounts>();
  const count = (channel: MessageChannel, flow: string, status: MessageStatus) => {
    const key = `${channel}/${flow}`;
    const row = rows.get(key) ?? { channel, flow, total: 0, queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 };
    row.total += 1;
    for (const s of PASSED[status]) row[s] += 1;
    rows.set(key, row);
  };
  for (const doc of wa.docs) {
    const status = MESSAGE_STATUSES.find((s) => s === doc.get('status')) ?? 'queued';
    count('whatsapp', String(doc.get('flow') ?? 'unknown'), status);
  }
  for (const doc of mail.docs) {
    const flow = doc.get('flow');
    count(
      'mail',
      typeof flow === 'string' && flow ? flow : mailFlowOf(String(doc.get('kind') ?? 'unknown')),
      mailStatus(doc.get('delivery')),
    );
  }
  const sorted = [...rows.values()].sort((a, b) => a.channel.localeCompare(b.channel) || b.total - a.total || a.flow.localeCompare(b.flow));
  return { days, since: since.toDate().toISOString(), rows: sorted, truncated: wa.size >= SUMMARY_LIMIT || mail.size >= SUMMARY_LIMIT };
}
