/**
 * Offers in Firestore (docs/offers.md): `offers/{id}`, the shopper's uses in
 * `offerUses/{offerId}_{uid}` and the code they applied in `cartCoupons/{uid}`. Only the API
 * writes them; no browser reads them (firestore.rules).
 */
import { ORDER_STATUSES, offerFromData, type Offer, type PricingLine } from '@bagshop/domain';
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { auth, db } from '../lib/admin.js';
import { plainDoc } from '../lib/firestore-data.js';

export const offersCol = () => db.collection('offers');
export const offerUseRef = (offerId: string, uid: string) => db.doc(`offerUses/${offerId}_${uid}`);
export const cartCouponRef = (uid: string) => db.doc(`cartCoupons/${uid}`);

/** The document of a code: codes are unique, kept upper case. */
export const codeRef = (code: string) => db.doc(`offerCodes/${code}`);

export function offerOf(snap: DocumentSnapshot): Offer {
  return offerFromData(snap.id, plainDoc(snap));
}

/** Automatic offers that have not ended (outside any transaction: a query in a transaction locks the whole collection). */
export async function readAutomaticOffers(now: Date): Promise<Offer[]> {
  // Few automatic offers exist at a time: one equality filter, no composite index; the ended ones are left out here.
  const snap = await offersCol().where('automatic', '==', true).get();
  return snap.docs.map(offerOf).filter((o) => new Date(o.endsAt).getTime() > now.getTime());
}

/** The offer a code names, or null. */
export async function readOfferByCode(code: string, tx?: Transaction): Promise<Offer | null> {
  const link = tx ? await tx.get(codeRef(code)) : await codeRef(code).get();
  const offerId = link.get('offerId');
  if (!link.exists || typeof offerId !== 'string') return null;
  const snap = tx ? await tx.get(offersCol().doc(offerId)) : await offersCol().doc(offerId).get();
  return snap.exists ? offerOf(snap) : null;
}

const OPEN_STATUSES = ORDER_STATUSES.filter((s) => s !== 'cancelled');

/**
 * A first order (issue 37, docs/offers.md): the shopper has a verified phone, and neither they
 * nor any account with the same verified phone has an order other than cancelled ones. Orders
 * record the verified phone as `user.phone`, so a new account with an old phone is no newcomer.
 */
export async function isFirstOrder(uid: string, verifiedPhone: string | null): Promise<boolean> {
  if (!verifiedPhone) return false;
  const orders = db.collection('orders');
  const mine = orders.where('userId', '==', uid).where('status', 'in', OPEN_STATUSES).limit(1);
  const samePhone = orders.where('user.phone', '==', verifiedPhone).where('status', 'in', OPEN_STATUSES).limit(1);
  // Plain queries, never in an order's transaction (they would lock the range every new order is
  // written into: issue 37). The order's transaction has read the shopper's lock first
  // (order-store.ts `orderLock`), so none of their orders commits unseen; a verified phone
  // belongs to one account at a time (Firebase Auth), so no other account orders with it meanwhile.
  const [a, b] = await Promise.all([mine.get(), samePhone.get()]);
  return a.empty && b.empty;
}

/** The Auth user's verified phone (E.164), or null. */
export async function verifiedPhoneOf(uid: string): Promise<string | null> {
  const record = await auth.getUser(uid).catch(() => null);
  return record?.phoneNumber ?? null;
}

/** The shopper's uses of these offers. */
export async function readCustomerUses(uid: string, offerIds: readonly string[], tx?: Transaction): Promise<Record<string, number>> {
  if (offerIds.length === 0) return {};
  const refs = offerIds.map((id) => offerUseRef(id, uid));
  const snaps = tx ? await tx.getAll(...refs) : await db.getAll(...refs);
  return Object.fromEntries(offerIds.map((id, i) => [id, Number(snaps[i]?.get('count') ?? 0)]));
}

/** A line to price: `lineId` the variant, value the sale price × quantity in paise. */
export function pricingLine(l: {
  lineId: string;
  productId: string;
  category: string;
  price: number;
  discount: number;
  quantity: number;
}): PricingLine {
  return {
    lineId: l.lineId,
    productId: l.productId,
    category: l.category,
    valuePaise: Math.max(0, l.price - l.discount) * 100 * l.quantity,
  };
}
