/**
 * The shopper's own data (docs/accounts-privacy.md): GET /api/users/me/export gives it all as
 * JSON, DELETE /api/users/me erases the account. Orders and their tax documents stay (GST law
 * keeps them for eight years) with the name, email and phone replaced by a pseudonym where the
 * law does not need them. Each request is logged in `privacyRequests` for the admins, without
 * the person's identity once erased.
 */
import { randomBytes } from 'node:crypto';
import { EXPORT_KEYS, PRIVACY_NOTICE_VERSION, shortOrderId } from '@bagshop/domain';
import { FieldValue, Timestamp, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import { auth, db } from '../../lib/admin.js';
import { plainData } from '../../lib/firestore-data.js';
import { badRequest, conflict, HttpError } from '../../lib/errors.js';
import { endSessions } from '../../lib/session-cutoffs.js';
import { toOrder } from '../orders-format.js';
import { signInWithPassword } from '../users-identity.js';
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
  const [record, profile, addresses, orders, tickets, consents] = await Promise.all([
    auth.getUser(uid),
    db.doc(`users/${uid}`).get(),
    db.collection(`users/${uid}/addresses`).get(),
    db.collection('orders').where('userId', '==', uid).get(),
    db.collection('grievances').where('uid', '==', uid).get(),
    readConsents(uid),
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

/** What an order keeps of its buyer after erasure (pure; unit-tested). */
export function pseudonymisedOrderFields(order: DocumentData, pseudonym: string): Record<string, unknown> {
  const update: Record<string, unknown> = {
    'user.fullname': { firstname: 'Erased', lastname: pseudonym },
    'user.email': `${pseudonym.toLowerCase()}@erased.invalid`,
    'user.phone': FieldValue.delete(),
    erasedCustomer: pseudonym,
  };
  for (const key of ['invoice', 'creditNote'] as const) {
    const doc = order[key] as { buyer?: { name?: unknown }; totals?: { taxablePaise?: unknown } } | null | undefined;
    if (!doc?.buyer) continue;
    const taxable = Number(doc.totals?.taxablePaise ?? 0);
    // The law needs the name on a large invoice to an unregistered buyer; otherwise it goes.
    if (taxable < NAMED_INVOICE_FROM_PAISE) update[`${key}.buyer.name`] = `Erased customer ${pseudonym}`;
  }
  return update;
}

async function deleteAll(refs: DocumentReference[]): Promise<void> {
  for (let i = 0; i < refs.length; i += 400) {
    const batch = db.batch();
    for (const ref of refs.slice(i, i + 400)) batch.delete(ref);
    await batch.commit();
  }
}

/**
 * DELETE /api/users/me. Refuses while an order is open (409 naming them). Then: orders, their
 * invoices and the shopper's complaint tickets pseudonymised; profile, addresses, cart,
 * consents, pending phone codes and queued mails deleted; sessions ended; the Auth user deleted.
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
  const pseudonym = `ERASED-${randomBytes(5).toString('hex').toUpperCase()}`;
  for (let i = 0; i < orders.docs.length; i += 400) {
    const batch = db.batch();
    for (const d of orders.docs.slice(i, i + 400)) batch.update(d.ref, pseudonymisedOrderFields(d.data(), pseudonym));
    await batch.commit();
  }
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
  const [addresses, cart, mails] = await Promise.all([
    db.collection(`users/${uid}/addresses`).listDocuments(),
    db.collection(`users/${uid}/cart`).listDocuments(),
    db.collection('mail').where('uid', '==', uid).get(),
  ]);
  await deleteAll([
    ...addresses,
    ...cart,
    ...mails.docs.map((d) => d.ref),
    db.doc(`users/${uid}`),
    db.doc(`consents/${uid}`),
    db.doc(`phoneVerifications/${uid}`),
    db.doc(`orderLocks/${uid}`),
    db.doc(`admins/${uid}`),
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
