/** The warranty collections (docs/warranty.md): `warranties/{orderId}-{line}-{unit}`, `warrantyClaims/{WAR-…}`, `counters/warranty-{year}`. */
import {
  warrantyClaimFromData,
  warrantyFromData,
  warrantyTermsFromData,
  type WarrantyClaimJson,
  type WarrantyJson,
  type WarrantyTerms,
} from '@bagshop/domain';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { plainData, plainDoc } from '../lib/firestore-data.js';

export const warranties = () => db.collection('warranties');
export const warrantyClaims = () => db.collection('warrantyClaims');
/** counters/warranty-{year}: `last`, the year's last claim number. */
export const warrantyCounter = (year: number) => db.doc(`counters/warranty-${year}`);

/** The unit's warranty document id: the order, the line (1-based) and the unit of that line (1-based). */
export const warrantyIdOf = (orderId: string, line: number, unit: number) => `${orderId}-${line}-${unit}`;

export function toWarranty(snap: DocumentSnapshot): WarrantyJson {
  return warrantyFromData(snap.id, plainDoc(snap));
}

export function toClaim(snap: DocumentSnapshot): WarrantyClaimJson {
  return warrantyClaimFromData(snap.id, plainDoc(snap));
}

/** The terms in settings/seller (the defaults when none are stored). */
export function termsOf(seller: FirebaseFirestore.DocumentData | undefined): WarrantyTerms {
  return warrantyTermsFromData((plainData(seller) as { warranty?: unknown } | null)?.warranty);
}
