// Demo settings of docs/delivery-and-disclosures.md: delivery rules, the seller (shown in the
// disclosures and printed on invoices, docs/gst-invoices.md) and the grievance officer; and
// each demo product's country of origin.
import { DEFAULT_DELIVERY_RULES, DEMO_SELLER } from '@bagshop/domain';
import { FieldValue } from 'firebase-admin/firestore';
import type { DemoProduct } from './catalog.ts';

export const DEMO_GRIEVANCE_OFFICER = {
  name: 'Priya Nair',
  designation: 'Grievance Officer',
  email: 'grievance@bagshop.test',
  phone: '+91 22 4000 1235',
};

/** Hardshell trolleys are imported; the soft bags are made in India. */
export function countryOfOrigin(p: Pick<DemoProduct, 'art'>): string {
  return p.art.kind === 'cabin' || p.art.kind === 'trolley' ? 'China' : 'India';
}

export async function seedSettings(db: FirebaseFirestore.Firestore): Promise<void> {
  const updatedAt = FieldValue.serverTimestamp();
  await Promise.all([
    db.doc('settings/delivery').set({ ...DEFAULT_DELIVERY_RULES, updatedAt, updatedBy: 'seed' }),
    db.doc('settings/seller').set({ ...DEMO_SELLER, updatedAt }),
    db.doc('settings/grievance').set({ ...DEMO_GRIEVANCE_OFFICER, updatedAt, updatedBy: 'seed' }),
  ]);
}
