/**
 * Seller disclosures and the grievance officer's tickets (Consumer Protection (E-Commerce)
 * Rules 2020; docs/delivery-and-disclosures.md). `settings/seller` belongs to the invoices
 * work and is only read here; `settings/grievance` holds the officer; tickets live in
 * `grievances/{number}` and are numbered per year by `counters/grievance-{year}`.
 */
import {
  grievanceDeadlines,
  grievanceNumber,
  grievanceOfficerFromData,
  grievanceTicketFromData,
  istNow,
  type ComplaintInput,
  type GrievanceOfficer,
  type GrievanceStatus,
  type GrievanceTicket,
  type SellerInfo,
  sellerSettingsFromData,
} from '@bagshop/domain';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { db } from '../lib/admin.js';
import { plainData, plainDoc } from '../lib/firestore-data.js';
import { conflict, HttpError, notFound } from '../lib/errors.js';

export const SELLER_NOT_SET = 'Seller information is not available yet';
export const TICKET_NOT_FOUND = 'Complaint not found';

const officerFrom = (data: FirebaseFirestore.DocumentData | undefined): GrievanceOfficer | null =>
  grievanceOfficerFromData(plainData(data));

/** GET /api/seller: the public fields of `settings/seller` and the grievance officer. */
export async function sellerInfo(): Promise<SellerInfo> {
  const [seller, grievance] = await db.getAll(db.doc('settings/seller'), db.doc('settings/grievance'));
  const s = sellerSettingsFromData(plainData(seller?.data()));
  const officer = officerFrom(grievance?.data());
  if (!s || !s.legalName || !officer) throw new HttpError(503, SELLER_NOT_SET);
  return {
    legalName: s.legalName,
    address: s.address,
    gstin: s.gstin,
    email: s.email,
    phone: s.phone,
    returnWindowDays: s.returnWindowDays,
    consumerCare: s.consumerCare,
    warranty: s.warranty,
    payments: { provider: serverConfig().paymentProvider, online: serverConfig().paymentsUnavailable === null },
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

/** A ticket as the API answers it (the codec: domain/src/codecs/grievance.ts). */
export function toTicket(snap: DocumentSnapshot): GrievanceTicket {
  return grievanceTicketFromData(snap.id, plainDoc(snap));
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
