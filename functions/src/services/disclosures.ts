/**
 * Seller disclosures and the grievance officer's tickets (Consumer Protection (E-Commerce)
 * Rules 2020; docs/delivery-and-disclosures.md). `settings/seller` belongs to the invoices
 * work and is only read here; `settings/grievance` holds the officer; tickets live in
 * `grievances/{number}` and are numbered per year by `counters/grievance-{year}`.
 */
import {
  grievanceDeadlines,
  grievanceNumber,
  istNow,
  type ComplaintInput,
  type GrievanceOfficer,
  type GrievanceStatus,
  type GrievanceTicket,
  type SellerInfo,
} from '@bagshop/domain';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { conflict, HttpError, notFound } from '../lib/errors.js';

export const SELLER_NOT_SET = 'Seller information is not available yet';
export const TICKET_NOT_FOUND = 'Complaint not found';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function officerFrom(data: FirebaseFirestore.DocumentData | undefined): GrievanceOfficer | null {
  if (!data || !str(data.name) || !str(data.email)) return null;
  return { name: str(data.name), designation: str(data.designation), email: str(data.email), phone: str(data.phone) };
}

/** GET /api/seller: the public fields of `settings/seller` and the grievance officer. */
export async function sellerInfo(): Promise<SellerInfo> {
  const [seller, grievance] = await db.getAll(db.doc('settings/seller'), db.doc('settings/grievance'));
  const s = seller?.data();
  const officer = officerFrom(grievance?.data());
  if (!s || !str(s.legalName) || !officer) throw new HttpError(503, SELLER_NOT_SET);
  const a = (s.address ?? {}) as Record<string, unknown>;
  return {
    legalName: str(s.legalName),
    address: { line1: str(a.line1), line2: str(a.line2), city: str(a.city), state: str(a.state) as SellerInfo['address']['state'], pincode: str(a.pincode) },
    gstin: str(s.gstin),
    email: str(s.email),
    phone: str(s.phone),
    grievanceOfficer: officer,
  };
}

export async function grievanceOfficer(): Promise<GrievanceOfficer> {
  const officer = officerFrom((await db.doc('settings/grievance').get()).data());
  if (!officer) throw new HttpError(503, SELLER_NOT_SET);
  return officer;
}

export async function saveGrievanceOfficer(input: GrievanceOfficer, by: string): Promise<GrievanceOfficer> {
  await db.doc('settings/grievance').set({ ...input, updatedAt: FieldValue.serverTimestamp(), updatedBy: by });
  return input;
}

const iso = (v: unknown) => (v instanceof Timestamp ? v.toDate().toISOString() : '');

export function toTicket(snap: DocumentSnapshot): GrievanceTicket {
  const d = snap.data() ?? {};
  return {
    number: snap.id,
    status: d.status === 'resolved' ? 'resolved' : 'open',
    name: str(d.name),
    email: str(d.email),
    phone: str(d.phone),
    orderId: str(d.orderId),
    subject: str(d.subject),
    message: str(d.message),
    createdAt: iso(d.createdAt),
    acknowledgedAt: iso(d.acknowledgedAt),
    acknowledgeBy: iso(d.acknowledgeBy),
    resolveBy: iso(d.resolveBy),
    resolvedAt: d.resolvedAt instanceof Timestamp ? d.resolvedAt.toDate().toISOString() : null,
  };
}

/**
 * POST /api/grievance: the next number of the year (IST) and the ticket, in one transaction,
 * acknowledged at once.
 */
export async function fileComplaint(input: ComplaintInput, uid: string | null, now = new Date()): Promise<GrievanceTicket> {
  const year = Number(istNow(now).day.slice(0, 4));
  const counter = db.doc(`counters/grievance-${year}`);
  const at = Timestamp.fromDate(now);
  const { acknowledgeBy, resolveBy } = grievanceDeadlines(now);
  const ref = await db.runTransaction(async (tx) => {
    const seq = Number((await tx.get(counter)).get('next') ?? 1);
    const doc = db.doc(`grievances/${grievanceNumber(year, seq)}`);
    tx.set(counter, { next: seq + 1, updatedAt: at });
    tx.create(doc, {
      ...input,
      uid,
      status: 'open',
      createdAt: at,
      acknowledgedAt: at,
      acknowledgeBy: Timestamp.fromDate(acknowledgeBy),
      resolveBy: Timestamp.fromDate(resolveBy),
      resolvedAt: null,
    });
    return doc;
  });
  return toTicket(await ref.get());
}

/** GET /api/admin/grievances: newest first (up to 200). */
export async function listTickets(): Promise<GrievanceTicket[]> {
  const snap = await db.collection('grievances').orderBy('createdAt', 'desc').limit(200).get();
  return snap.docs.map(toTicket);
}

/** PATCH /api/admin/grievances/{number}. */
export async function setTicketStatus(number: string, status: GrievanceStatus): Promise<GrievanceTicket> {
  const ref = db.doc(`grievances/${number}`);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(TICKET_NOT_FOUND);
    if (snap.get('status') === status) throw conflict(`The complaint is already ${status}`);
    tx.update(ref, { status, resolvedAt: status === 'resolved' ? FieldValue.serverTimestamp() : null });
  });
  return toTicket(await ref.get());
}
