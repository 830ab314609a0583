/**
 * Marks the products stored before the Legal Metrology rule (no `published` field) published
 * where their declarations are complete and a draft where they are not, and lists what each
 * draft misses (docs/legal-metrology.md). Idempotent: a product that says `published` is left
 * alone; each product is decided in its own transaction.
 */
import { missingDeclarations, productFromData } from '@bagshop/domain';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';

export interface DeclarationsMigration {
  published: string[];
  drafts: { id: string; name: string; missing: string[] }[];
  alreadyDone: number;
}

/** Timestamps as ISO strings, as the codec reads them. */
const plain = (value: unknown): unknown => {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
};

export async function migrateDeclarations(db: Firestore): Promise<DeclarationsMigration> {
  const result: DeclarationsMigration = { published: [], drafts: [], alreadyDone: 0 };
  const all = await db.collection('products').select('published').get();
  for (const doc of all.docs) {
    if (typeof doc.get('published') === 'boolean') {
      result.alreadyDone += 1;
      continue;
    }
    await db.runTransaction(async (tx) => {
      const snap = await tx.get(doc.ref);
      const data = snap.data();
      if (!snap.exists || !data || typeof data.published === 'boolean') {
        result.alreadyDone += 1;
        return;
      }
      const product = productFromData(snap.id, plain(data));
      const missing = missingDeclarations(product).map((m) => m.message);
      const now = FieldValue.serverTimestamp();
      tx.update(snap.ref, { published: missing.length === 0 });
      // The catalogue changed: instances read it again (functions/src/catalog/version.ts).
      tx.set(db.doc('meta/catalog'), { version: FieldValue.increment(1), changedAt: now }, { merge: true });
      if (missing.length === 0) result.published.push(snap.id);
      else result.drafts.push({ id: snap.id, name: product.name, missing });
    });
  }
  return result;
}
