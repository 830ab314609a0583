/**
 * The seller printed on every tax invoice: `settings/seller` (docs/gst-invoices.md). Only
 * admins read and write it, through /api/admin/settings/seller.
 */
import { sellerSettingsFromData, type SellerSettings, type SellerSettingsInput } from '@bagshop/domain';
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { bumpCatalogVersion, forgetCatalogVersionRead } from '../catalog/index.js';
import { plainData } from '../lib/firestore-data.js';

export const sellerRef = () => db.doc('settings/seller');

/** The stored document as the API answers it (the codec: domain/src/codecs/seller.ts); null when it was never saved or lacks a state. */
export function sellerFromData(d: FirebaseFirestore.DocumentData | undefined): SellerSettings | null {
  return sellerSettingsFromData(plainData(d));
}

export async function getSellerSettings(): Promise<SellerSettings | null> {
  return sellerFromData((await sellerRef().get()).data());
}

/** PUT: the whole document is replaced by the checked input. */
export async function saveSellerSettings(input: SellerSettingsInput): Promise<SellerSettings> {
  const { consumerCare, ...rest } = input;
  const batch = db.batch();
  batch.set(sellerRef(), { ...rest, ...(consumerCare ? { consumerCare } : {}), updatedAt: FieldValue.serverTimestamp() });
  // Consumer care is on every listing (docs/legal-metrology.md): the pages' seller follows the catalogue version.
  bumpCatalogVersion(batch);
  await batch.commit();
  forgetCatalogVersionRead();
  const saved = await getSellerSettings();
  if (!saved) throw new Error('settings/seller was not readable after saving');
  return saved;
}
