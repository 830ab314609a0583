/**
 * Moves products stored before variants to the variant layout (docs/variants.md): the product
 * gets `options: []` and one variant (its own id, a generated SKU, its price and discount),
 * its stock moves to `variantStock/{productId}` and its SKU is claimed in `skus/{sku}`; the
 * product's `stock` field goes. Idempotent: a product that already lists its variants is left
 * alone, and each product moves in its own transaction (a run cut short is simply run again).
 * Cart lines and orders need nothing: their ids are the product's, which is its variant's id.
 */
import { generatedSku, storesVariants } from '@bagshop/domain';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

export interface MigrationResult {
  migrated: string[];
  alreadyDone: number;
}

export async function migrateVariants(db: Firestore): Promise<MigrationResult> {
  const result: MigrationResult = { migrated: [], alreadyDone: 0 };
  const all = await db.collection('products').select('variants').get();
  for (const doc of all.docs) {
    if (storesVariants(doc.data())) {
      result.alreadyDone += 1;
      continue;
    }
    const moved = await db.runTransaction(async (tx) => {
      const snap = await tx.get(doc.ref);
      const data = snap.data();
      if (!snap.exists || !data || storesVariants(data)) return false;
      const sku = generatedSku(snap.id);
      const stockRef = db.doc(`variantStock/${snap.id}`);
      const existing = await tx.get(stockRef);
      const now = FieldValue.serverTimestamp();
      // The catalogue changed: instances read it again (functions/src/catalog/version.ts).
      tx.set(db.doc('meta/catalog'), { version: FieldValue.increment(1), changedAt: now }, { merge: true });
      tx.update(snap.ref, {
        options: [],
        variants: [
          { _id: snap.id, sku, options: {}, price: Number(data.price ?? 0), discount: Number(data.discount ?? 0), imageHashes: [] },
        ],
        stock: FieldValue.delete(),
      });
      // The stock document's own `updatedAt` (not the product's): the product is not "changed" by the move.
      if (!existing.exists) tx.set(stockRef, { productId: snap.id, sku, stock: Number(data.stock ?? 0), updatedAt: data.updatedAt ?? now });
      tx.set(db.doc(`skus/${sku}`), { productId: snap.id, variantId: snap.id });
      return true;
    });
    if (moved) result.migrated.push(doc.id);
    else result.alreadyDone += 1;
  }
  return result;
}
