/**
 * The message log (`messages/{id}`, domain/src/codecs/message.ts; docs/whatsapp.md): one
 * document per WhatsApp message, created `queued` before the send (its id derived from the
 * order and flow, so a second attempt finds it and stops), then moved by the API's answer and
 * its status webhooks, never backwards (`nextMessageStatus`).
 */
import { nextMessageStatus, type MessageStatus } from '@bagshop/domain';
import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';

export const messageLog = () => db.collection('messages');

export interface NewMessage {
  channel: 'whatsapp';
  flow: string;
  orderId: string | null;
  uid: string;
  template: string;
  language: string;
  parameters: readonly string[];
  to: string;
}

const ALREADY_EXISTS = 6;

/** Creates the entry, queued; false when it exists already (this message was sent, or is being sent). */
export async function createQueued(ref: DocumentReference, message: NewMessage): Promise<boolean> {
  const now = Timestamp.now();
  try {
    await ref.create({
      ...message,
      parameters: [...message.parameters],
      status: 'queued',
      providerMessageId: null,
      error: null,
      statusAt: { queued: now },
      createdAt: now,
      updatedAt: now,
    });
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === ALREADY_EXISTS) return false;
    throw error;
  }
}

/**
 * Applies a reported status (the send's answer, or a webhook's): only forward, in a
 * transaction, with the time it was reached; records the provider's id and an error if given.
 * Answers the status the entry has after it, or null when there is no such entry.
 */
export async function applyStatus(
  ref: DocumentReference,
  reported: MessageStatus,
  details: { providerMessageId?: string; error?: string; at?: Timestamp } = {},
): Promise<MessageStatus | null> {
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return null;
    const current = String(snap.get('status')) as MessageStatus;
    const next = nextMessageStatus(current, reported);
    const now = Timestamp.now();
    const patch: Record<string, unknown> = { updatedAt: now };
    if (details.providerMessageId && !snap.get('providerMessageId')) patch.providerMessageId = details.providerMessageId;
    if (next !== current) {
      patch.status = next;
      patch[`statusAt.${next}`] = details.at ?? now;
      if (next === 'failed') patch.error = details.error ?? 'failed';
    }
    tx.update(ref, patch);
    return next;
  });
}

/** The entry a status webhook is about: by our id (biz_opaque_callback_data), else by the provider's id. */
export async function findMessage(callbackData: string | null, providerMessageId: string): Promise<DocumentReference | null> {
  if (callbackData && /^[A-Za-z0-9_-]{1,300}$/.test(callbackData)) {
    const ref = messageLog().doc(callbackData);
    if ((await ref.get()).exists) return ref;
  }
  const snap = await messageLog().where('providerMessageId', '==', providerMessageId).limit(1).get();
  return snap.docs[0]?.ref ?? null;
}
