/**
 * The seller printed on every tax invoice: `settings/seller` (docs/gst-invoices.md). Only
 * admins read and write it, through /api/admin/settings/seller.
 */
import { isIndianState, type SellerSettings, type SellerSettingsInput } from '@bagshop/domain';
import { FieldValue, type Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';

export const sellerRef = () => db.doc('settings/seller');

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The stored document as the API answers it; null when it was never saved or lacks a state. */
export function sellerFromData(d: FirebaseFirestore.DocumentData | undefined): SellerSettings | null {
  if (!d) return null;
  const a = (d.address ?? {}) as Record<string, unknown>;
  if (!isIndianState(a.state)) return null;
  const updatedAt = d.updatedAt as Timestamp | undefined;
  return {
    legalName: str(d.legalName),
    address: { line1: str(a.line1), line2: str(a.line2), city: str(a.city), state: a.state, pincode: str(a.pincode) },
    gstin: str(d.gstin),
    invoicePrefix: str(d.invoicePrefix),
    email: str(d.email),
    phone: str(d.phone),
    updatedAt: updatedAt && typeof updatedAt.toDate === 'function' ? updatedAt.toDate().toISOString() : null,
  };
}

export async function getSellerSettings(): Promise<SellerSettings | null> {
  return sellerFromData((await sellerRef().get()).data());
}

/** PUT: the whole document is replaced by the checked input. */
export async function saveSellerSettings(input: SellerSettingsInput): Promise<SellerSettings> {
  await sellerRef().set({ ...input, updatedAt: FieldValue.serverTimestamp() });
  const saved = await getSellerSettings();
  if (!saved) throw new Error('settings/seller was not readable after saving');
  return saved;
}
