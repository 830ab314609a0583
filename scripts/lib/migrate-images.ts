/**
 * Makes the widths for the screen of pictures stored before them
 * (docs/decisions/0030-pictures-for-the-screen.md): each `productImages/{sha256}` whose
 * `widths` does not list every PICTURE_WIDTHS gets its `widths/{width}` documents, made from
 * its stored bytes, then `widths` set. Idempotent: the list is read without the bytes
 * (`select`), and a picture already done is left alone; a run cut short is simply run again.
 */
import { PICTURE_WIDTHS, pictureWidthToData } from '@bagshop/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { makeRenditions } from '../../functions/src/images/renditions.ts';

export interface ImageMigrationResult {
  made: string[];
  alreadyDone: number;
  unreadable: string[];
}

export const hasEveryWidth = (data: { widths?: unknown }): boolean =>
  Array.isArray(data.widths) && PICTURE_WIDTHS.every((w) => (data.widths as unknown[]).includes(w));

export async function migrateImages(db: Firestore, log: (line: string) => void = () => undefined): Promise<ImageMigrationResult> {
  const result: ImageMigrationResult = { made: [], alreadyDone: 0, unreadable: [] };
  const all = await db.collection('productImages').select('widths').get();
  for (const doc of all.docs) {
    if (hasEveryWidth(doc.data())) {
      result.alreadyDone += 1;
      continue;
    }
    const bytes = (await doc.ref.get()).get('bytes') as Uint8Array | undefined;
    if (!(bytes instanceof Uint8Array)) {
      result.unreadable.push(doc.id);
      continue;
    }
    const renditions = await makeRenditions(Buffer.from(bytes)).catch(() => null);
    if (!renditions) {
      result.unreadable.push(doc.id);
      continue;
    }
    const batch = db.batch();
    for (const r of renditions) batch.set(doc.ref.collection('widths').doc(String(r.label)), pictureWidthToData(r));
    batch.update(doc.ref, { widths: [...PICTURE_WIDTHS] });
    await batch.commit();
    result.made.push(doc.id);
    log(`  ${doc.id}: ${renditions.map((r) => `${r.label}${r.avif ? ' webp+avif' : ' webp'}`).join(', ')}`);
  }
  return result;
}
