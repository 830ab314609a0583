/**
 * The shopper's own data (docs/accounts-privacy.md): GET /api/users/me/export gives it all as
 * JSON, DELETE /api/users/me erases the account. Orders and their tax documents stay (GST law
 * keeps them for eight years) with the name, email and phone replaced by a pseudonym where the
 * law does not need them. Each request is logged in `privacyRequests` for the admins, without
 * the person's identity once erased.
 */
import { randomBytes } from 'node:crypto';
import { EXPORT_KEYS, PRIVACY_NOTICE_VERSION, ownReview, reviewFromData, shortOrderId } from '@bagshop/domain';
import { FieldValue, Timestamp, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import { auth, db } from '../lib/admin.js';
import { plainData, plainDoc } from '../lib/firestore-data.js';
import { badRequest, conflict, HttpError } from '../lib/errors.js';
import { endSessions } from '../lib/session-cutoffs.js';
import { deleteShopperPhotos } from '../images/index.js';
import { toOrder } from '../orders/format.js';
import { returnsCollection, toReturn } from '../returns/store.js';
import { eraseAuthorReviews, reviews } from '../reviews/index.js';
import { signInWithPassword } from './identity.js';
import { comebackRefs, exportComebackData } from './comeback-data.js';
import { readConsents } from './consents.js';

export const privacyRequests = () => db.collection('privacyRequests');

/** Orders still on their way: the shopper finishes or cancels them before erasure. */
const CLOSED_STATUSES = new Set(['completed', 'cancelled', 'returned_to_origin', 'returned', 'refunded']);
/** CGST Rules, rule 46: an invoice to an unregistered buyer names them when its taxable value is ₹50,000 or more. */
export const NAMED_INVOICE_FROM_PAISE = 50_000_00;

export const DELETE_PASSWORD_REQUIRED = 'Current password is required to delete your account';
export const DELETE_WRONG_PASSWORD = 'Current password is incorrect';
export const DELETE_GOOGLE_AGAIN = 'Sign in with Google again to delete your account';
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export interface ExportCaller {
  uid: string;
  signInProvider?: string | undefined;
  authTime?: number | undefined;
}

/** Dates as ISO strings, nested values kept: the export is for a person to read and keep. */
function readable(data: DocumentData | undefined): Record<string, unknown> {
  return plainData(data ?? {}) as Record<string, unknown>;
}

async function logRequest(type: 'export' | 'erasure', subject: string, detail: Record<string, unknown>): Promise<void> {
  await privacyRequests().add({ type, subject, ...detail, at: Timestamp.now() });
}

/** GET /api/users/me/export. Top-level keys: EXPORT_KEYS. */
export async function exportMyData(uid: string): Promise<Record<(typeof EXPORT_KEYS)[number], unknown>> {
  const record = await auth.getUser(uid);
  const [profile, addresses, orders, tickets, consents, returns, written, comeback] = await Promise.all([
    db.doc(`users/${uid}`).get(),
    db.collection(`users/${uid}/addresses`).get(),
    db.collection('orders').where('userId', '==', uid).get(),
    db.collection('grievances').where('uid', '==', uid).get(),
    readConsents(uid),
    returnsCollection().where('userId', '==', uid).get(),
    reviews().where('userId', '==', uid).get(),
    exportComebackData(uid, record.email ?? null),
  ]);
  const data = {
    exportedAt: new Date().toISOString(),
    noticeVersion: PRIVACY_NOTICE_VERSION,
    profile: profile.exists ? { _id: uid, ...readable(profile.data()) } : null,
    account: {
      email: record.email ?? null,
      emailVerified: record.emailVerified,
      phoneNumber: record.phoneNumber ?? null,
      signInMethods: record.providerData.map((p) => p.providerId),
      createdAt: record.metadata.creationTime ? new Date(record.metadata.creationTime).toISOString() : null,
      lastSignInAt: record.metadata.lastSignInTime ? new Date(record.metadata.lastSignInTime).toISOString() : null,
    },
    addresses: addresses.docs.map((d) => ({ _id: d.id, ...readable(d.data()) })),
    orders: orders.docs.map(toOrder).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    tickets: tickets.docs.map((d) => ({ _id: d.id, ...readable(d.data()) })),
    consents,
    // Their own returns in full (the bank account too: it is theirs) and their reviews in every state.
    returns: returns.docs.map(toReturn).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    reviews: written.docs.map((d) => ownReview(reviewFromData(d.id, plainDoc(d)))),
    // Saved bags and alerts (docs/comeback.md).
    wishlist: comeback.wishlist,
    alerts: comeback.alerts,
  };
  await logRequest('export', uid, { email: record.email ?? null });
  return data;
}

/** Proof for erasure: the password of a password account, or a Google sign-in of the last five minutes. */
async function checkErasureProof(caller: ExportCaller, currentPassword: string | undefined, now = Date.now()): Promise<void> {
  const record = await auth.getUser(caller.uid);
  const providers = record.providerData.map((p) => p.providerId);
  if (providers.includes('password')) {
    if (!currentPassword) throw badRequest(DELETE_PASSWORD_REQUIRED, [{ field: 'currentPassword', message: DELETE_PASSWORD_REQUIRED }]);
    const session = record.email ? await signInWithPassword(record.email, currentPassword) : null;
    if (!session || session.uid !== caller.uid) {
      throw new HttpError(403, DELETE_WRONG_PASSWORD, [{ field: 'currentPassword', message: DELETE_WRONG_PASSWORD }]);
    }
    return;
  }
  const recent = caller.authTime !== undefined && now / 1000 - caller.authTime <= RECENT_SIGN_IN_SECONDS;
  if (caller.signInProvider === 'google.com' && recent) return;
  throw new HttpError(403, DELETE_GOOGLE_AGAIN);
}

/** The delivery address kept on an erased order: the town and state (place of supply), not the street, landmark or PIN. */
function keptAddress(address: unknown): Record<string, string> {
  const a = (address ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { street: '', landmark: '', city: text(a.city), state: text(a.state), postalCode: '', country: text(a.country) };
}

/**
 * What an order keeps of its buyer after erasure (pure; unit-tested). The field-by-field table
 * is docs/accounts-privacy.md "What happens to each field".
 */
export function pseudonymisedOrderFields(order: DocumentData, pseudonym: string): Record<string, unknown> {
  const shipping = keptAddress(order.shippingAddress);
  const update: Record<string, unknown> = {
    'user.fullname': { firstname: 'Erased', lastname: pseudonym },
    'user.email': `${pseudonym.toLowerCase()}@erased.invalid`,
    'user.phone': FieldValue.delete(),
    shippingAddress: shipping,
    erasedCustomer: pseudonym,
  };
  if (order.ndr && typeof order.ndr === 'object') {
    update['ndr.phone'] = null;
    update['ndr.note'] = null;
  }
  for (const key of ['invoice', 'creditNote'] as const) {
    const doc = order[key] as { buyer?: { name?: unknown }; totals?: { taxablePaise?: unknown } } | null | undefined;
    if (!doc?.buyer) continue;
    const taxable = Number(doc.totals?.taxablePaise ?? 0);
    // CGST Rules, rule 46: a large invoice to an unregistered buyer names them and the delivery
    // address; otherwise both go (the place of supply, a field of its own, stays).
    if (taxable < NAMED_INVOICE_FROM_PAISE) {
      update[`${key}.buyer.name`] = `Erased customer ${pseudonym}`;
      update[`${key}.buyer.addressLines`] = [[shipping.city, shipping.state].filter(Boolean).join(', ')].filter(Boolean);
    }
  }
  return update;
}

/** What a return keeps after erasure (pure): the lines, money and credit note; not where the money went, the words or the photos. */
export function pseudonymisedReturnFields(ret: DocumentData, uid: string, pseudonym: string): Record<string, unknown> {
  const history = Array.isArray(ret.history) ? (ret.history as Record<string, unknown>[]) : [];
  const update: Record<string, unknown> = {
    refundTo: null,
    comment: '',
    photos: [],
    // The shopper's own words in the timeline go; the shop's notes stay.
    history: history.map((h) => (h.by === uid ? { ...h, note: '' } : h)),
    erasedCustomer: pseudonym,
  };
  if (ret.payout && typeof ret.payout === 'object') update['payout.to'] = 'Erased';
  return update;
}

/** A return is finished when nothing more can happen to it: no payout waits for the shopper's account. */
const FINISHED_RETURNS = new Set(['refunded', 'exchanged', 'rejected']);

async function deleteAll(all: DocumentReference[]): Promise<void> {
  const refs = [...new Map(all.map((r) => [r.path, r])).values()];
  for (let i = 0; i < refs.length; i += 400) {
    const batch = db.batch();
    for (const ref of refs.slice(i, i + 400)) batch.delete(ref);
    await batch.commit();
  }
}

/**
 * DELETE /api/users/me. Refuses while an order or a return is open (409 naming them). Then:
 * orders, their invoices, returns (credit notes kept) and complaint tickets pseudonymised;
 * reviews and the photos of reviews and returns deleted; profile, addresses, cart, consents,
 * pending phone codes, mails, stored order answers and the rest deleted; sessions ended; the
 * Auth user deleted. Each field's fate: docs/accounts-privacy.md.
 */
export async function eraseMyAccount(
  caller: ExportCaller,
  currentPassword: string | undefined,
): Promise<{ pseudonym: string; ordersKept: number }> {
  await checkErasureProof(caller, currentPassword);
  const uid = caller.uid;
  const orders = await db.collection('orders').where('userId', '==', uid).get();
  const open = orders.docs.filter((d) => !CLOSED_STATUSES.has(String(d.get('status'))));
  if (open.length > 0) {
    const names = open.map((d) => `#${shortOrderId(d.id)}`).join(', ');
    throw conflict(`Finish or cancel your open orders first: ${names}`);
  }
  const returns = await returnsCollection().where('userId', '==', uid).get();
  const openReturns = returns.docs.filter((d) => !FINISHED_RETURNS.has(String(d.get('status'))) || d.get('payout.status') === 'pending');
  if (openReturns.length > 0) throw conflict(`Finish your open returns first: ${openReturns.map((d) => d.id).join(', ')}`);
  const record = await auth.getUser(uid);
  const pseudonym = `ERASED-${randomBytes(5).toString('hex').toUpperCase()}`;
  for (let i = 0; i < orders.docs.length; i += 400) {
    const batch = db.batch();
    for (const d of orders.docs.slice(i, i + 400)) batch.update(d.ref, pseudonymisedOrderFields(d.data(), pseudonym));
    await batch.commit();
  }
  const photoHashes: string[] = [];
  for (let i = 0; i < returns.docs.length; i += 400) {
    const batch = db.batch();
    for (const d of returns.docs.slice(i, i + 400)) {
      const photos = (d.get('photos') ?? []) as { hash?: unknown }[];
      photoHashes.push(...photos.map((p) => String(p.hash ?? '')));
      batch.update(d.ref, pseudonymisedReturnFields(d.data(), uid, pseudonym));
    }
    await batch.commit();
  }
  // Reviews go (the product's rating follows), then the photos nobody else shows.
  photoHashes.push(...(await eraseAuthorReviews(uid)));
  await deleteShopperPhotos(photoHashes);
  const tickets = await db.collection('grievances').where('uid', '==', uid).get();
  if (!tickets.empty) {
    const batch = db.batch();
    for (const t of tickets.docs) {
      batch.update(t.ref, {
        name: `Erased customer ${pseudonym}`,
        email: `${pseudonym.toLowerCase()}@erased.invalid`,
        phone: FieldValue.delete(),
        uid: null,
        erasedCustomer: pseudonym,
      });
    }
    await batch.commit();
  }
  const email = record.email ?? null;
  const [addresses, cart, mails, mailsTo, idempotency, reviewRequests, comeback] = await Promise.all([
    db.collection(`users/${uid}/addresses`).listDocuments(),
    db.collection(`users/${uid}/cart`).listDocuments(),
    db.collection('mail').where('uid', '==', uid).get(),
    email ? db.collection('mail').where('to', '==', email).get() : Promise.resolve(null),
    // The stored first answers of POST /api/order hold whole orders (name, address, phone).
    db.collection('orderIdempotency').where('uid', '==', uid).get(),
    db.collection('reviewRequests').where('uid', '==', uid).get(),
    comebackRefs(uid, email),
  ]);
  await deleteAll([
    ...comeback,
    ...addresses,
    ...cart,
    ...mails.docs.map((d) => d.ref),
    ...(mailsTo?.docs.map((d) => d.ref) ?? []),
    ...idempotency.docs.map((d) => d.ref),
    ...reviewRequests.docs.map((d) => d.ref),
    db.doc(`users/${uid}`),
    db.doc(`consents/${uid}`),
    db.doc(`phoneVerifications/${uid}`),
    db.doc(`orderLocks/${uid}`),
    db.doc(`admins/${uid}`),
    db.doc(`cartCoupons/${uid}`),
    db.doc(`holdChurn/${uid}`),
  ]);
  // A token of the erased account must not reach the API again (it would make a new profile).
  await endSessions(uid, 'account_erased', Date.now() + 3600_000);
  await auth.deleteUser(uid);
  // Earlier export requests of this person no longer name them either.
  const earlier = await privacyRequests().where('subject', '==', uid).get();
  if (!earlier.empty) {
    const batch = db.batch();
    for (const d of earlier.docs) batch.update(d.ref, { subject: pseudonym, email: null });
    await batch.commit();
  }
  await logRequest('erasure', pseudonym, { ordersKept: orders.size });
  return { pseudonym, ordersKept: orders.size };
}

export interface PrivacyRequestRow {
  _id: string;
  type: 'export' | 'erasure';
  subject: string;
  email: string | null;
  ordersKept: number | null;
  at: string;
}

/** GET /api/admin/privacy-requests: newest first. */
export async function listPrivacyRequests(limit = 100): Promise<PrivacyRequestRow[]> {
  const snap = await privacyRequests().orderBy('at', 'desc').limit(limit).get();
  return snap.docs.map((d) => ({
    _id: d.id,
    type: d.get('type') === 'erasure' ? 'erasure' : 'export',
    subject: String(d.get('subject') ?? ''),
    email: typeof d.get('email') === 'string' ? (d.get('email') as string) : null,
    ordersKept: typeof d.get('ordersKept') === 'number' ? (d.get('ordersKept') as number) : null,
    at: (d.get('at') as Timestamp | undefined)?.toDate().toISOString() ?? '',
  }));
}
