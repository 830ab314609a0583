/**
 * The comeback flows' data of one shopper (docs/comeback.md), in the export and its erasure:
 * `wishlistItems`, `alerts` (theirs, and a visitor's under their email) and `messageState`; erasure
 * also takes the WhatsApp message log and the shopper's WhatsApp replies (`messages`,
 * `inboundMessages`: their name and phone are in the templates' parameters; docs/whatsapp.md).
 * Read here, by collection, so that accounts need not import the comeback domain (which imports
 * accounts for consents).
 */
import { alertFromData, wishlistItemFromData, type AlertRecord } from '@bagshop/domain';
import type { DocumentReference } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { plainDoc } from '../lib/firestore-data.js';

async function docsOf(uid: string, email: string | null) {
  const [items, mine, byEmail] = await Promise.all([
    db.collection('wishlistItems').where('uid', '==', uid).get(),
    db.collection('alerts').where('uid', '==', uid).get(),
    email ? db.collection('alerts').where('email', '==', email).get() : Promise.resolve(null),
  ]);
  return { items: items.docs, alerts: [...mine.docs, ...(byEmail?.docs ?? [])] };
}

export async function exportComebackData(uid: string, email: string | null) {
  const { items, alerts } = await docsOf(uid, email);
  const found = new Map<string, AlertRecord>();
  for (const d of alerts) found.set(d.id, alertFromData(d.id, plainDoc(d)));
  return {
    wishlist: items
      .map((d) => ({ _id: d.id, ...wishlistItemFromData(d.id, plainDoc(d)) }))
      .sort((a, b) => b.savedAt.localeCompare(a.savedAt)),
    alerts: [...found.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  };
}

/** The references erasure deletes. */
export async function comebackRefs(uid: string, email: string | null): Promise<DocumentReference[]> {
  const [{ items, alerts }, messages, inbound] = await Promise.all([
    docsOf(uid, email),
    db.collection('messages').where('uid', '==', uid).get(),
    db.collection('inboundMessages').where('uid', '==', uid).get(),
  ]);
  return [
    ...items.map((d) => d.ref),
    ...alerts.map((d) => d.ref),
    db.doc(`messageState/${uid}`),
    ...messages.docs.map((d) => d.ref),
    ...inbound.docs.map((d) => d.ref),
  ];
}
