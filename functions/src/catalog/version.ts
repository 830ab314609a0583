/**
 * The catalogue version (docs/decisions/0031-reads-follow-changes.md): `meta/catalog` holds a
 * number that every write to a product document raises, in the same transaction (an admin's
 * create, edit or delete, a review that moves a product's rating). Orders never touch it: stock
 * lives in `variantStock` (catalog/stock-feed.ts). Each instance keeps the product documents
 * of one version and reads this one document to learn whether they are still current.
 */
import { FieldValue, Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';

export const catalogVersionRef = () => db.collection('meta').doc('catalog');

/** Raises the version with the write that changes a product document (writes only). */
export function bumpCatalogVersion(writer: Transaction | WriteBatch): void {
  const change = { version: FieldValue.increment(1), changedAt: FieldValue.serverTimestamp() };
  if (writer instanceof Transaction) writer.set(catalogVersionRef(), change, { merge: true });
  else writer.set(catalogVersionRef(), change, { merge: true });
}

/** After such a write commits: this instance's next list read must not join a version read that started before it. */
export function forgetCatalogVersionRead(): void {
  inFlight = null;
}

let inFlight: Promise<number> | null = null;

/**
 * The current version: one document read. Requests that arrive while a read is on its way share
 * it, so a burst costs one read, not one each.
 */
export function readCatalogVersion(): Promise<number> {
  if (inFlight) return inFlight;
  const read = catalogVersionRef()
    .get()
    .then((snap) => Number(snap.get('version') ?? 0))
    .finally(() => {
      if (inFlight === read) inFlight = null;
    });
  inFlight = read;
  return read;
}
