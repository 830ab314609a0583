// Saved shipping addresses: users/{uid}/addresses/{id}.
import { addressFromData, type Address, type AddressInput } from '@bagshop/domain';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { plainDoc } from '../lib/firestore-data.js';
import { conflict } from '../lib/errors.js';
import { checkAddressPin } from '../shipping/index.js';

export const MAX_ADDRESSES = 20;
export const TOO_MANY_ADDRESSES = `You can save at most ${MAX_ADDRESSES} addresses`;

const addresses = (uid: string) => db.collection('users').doc(uid).collection('addresses');

export function toAddress(snap: DocumentSnapshot): Address {
  return addressFromData(snap.id, plainDoc(snap));
}

/** Saves an address (at most MAX_ADDRESSES per user, checked in the same transaction). */
export async function addAddress(uid: string, input: AddressInput): Promise<Address> {
  checkAddressPin(input); // an Indian PIN must exist and be in the chosen state (400)
  const ref = addresses(uid).doc();
  await db.runTransaction(async (tx) => {
    const existing = await tx.get(addresses(uid).select().limit(MAX_ADDRESSES));
    if (existing.size >= MAX_ADDRESSES) throw conflict(TOO_MANY_ADDRESSES);
    tx.create(ref, {
      street: input.street,
      city: input.city,
      state: input.state,
      postalCode: input.postalCode,
      country: input.country,
      landmark: input.landmark,
      // "Buying for a business?" (issue 41): the GSTIN and legal name, only when given.
      ...(input.gstin ? { gstin: input.gstin, legalName: input.legalName } : {}),
      createdAt: FieldValue.serverTimestamp(),
    });
  });
  return toAddress(await ref.get());
}

/** The user's addresses, newest first. */
export async function listAddresses(uid: string): Promise<Address[]> {
  const snap = await addresses(uid).orderBy('createdAt', 'desc').get();
  return snap.docs.map(toAddress);
}
