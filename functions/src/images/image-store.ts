import {
  PICTURE_WIDTHS,
  pictureWidthFromData,
  pictureWidthToData,
  type PictureWidth,
  type ProductImage,
  type StoredPictureWidth,
} from '@bagshop/domain';
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { HttpError } from '../lib/errors.js';
import type { ProcessedImage } from './process-image.js';
import { serverConfig } from '../config.js';
import { MissCache } from '../lib/miss-cache.js';

export const productImages = () => db.collection('productImages');

/**
 * A picture that is not for the shared `/api/images/{sha256}` URL: a review's photo is served
 * only under its review, while it is published (docs/reviews.md "Photos").
 */
export type PictureOwner = 'review';

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
  owner: PictureOwner | null;
}

const SHA256 = /^[0-9a-f]{64}$/;

export function isImageHash(value: string): boolean {
  return SHA256.test(value);
}

/** Hashes recently asked for and not stored: answered without a read (docs/security.md, "Cheap misses"). */
export const imageMisses = new MissCache(() => serverConfig().negativeCacheMs);

/** This instance is storing (or found) the image: forget any remembered miss for it. */
export function imageStored(sha256: string): void {
  imageMisses.delete(sha256);
}

export async function readImage(sha256: string): Promise<StoredImage | null> {
  if (imageMisses.has(sha256)) return null;
  const snap = await productImages().doc(sha256).get();
  if (!snap.exists) {
    imageMisses.add(sha256);
    return null;
  }
  const data = snap.data() ?? {};
  const bytes = data.bytes as Buffer | Uint8Array | undefined;
  if (!bytes) return null;
  return {
    bytes: Buffer.from(bytes),
    contentType: String(data.contentType ?? 'image/webp'),
    owner: data.owner === 'review' ? 'review' : null,
  };
}

export const pictureWidthRef = (sha256: string, width: PictureWidth) => productImages().doc(sha256).collection('widths').doc(String(width));

/** One width of a stored picture; null when it was not made (a picture stored before widths, not yet migrated). */
export async function readPictureWidth(
  sha256: string,
  width: PictureWidth,
): Promise<(StoredPictureWidth & { owner: PictureOwner | null }) | null> {
  if (imageMisses.has(sha256)) return null;
  const ref = pictureWidthRef(sha256, width);
  const snap = await ref.get();
  if (!snap.exists) return null;
  return { ...pictureWidthFromData(ref.path, snap.data()), owner: snap.get('owner') === 'review' ? 'review' : null };
}

/**
 * The documents that store a processed picture: the original at `productImages/{sha256}`
 * (`widths` lists the widths kept beside it) and each width in its own document.
 */
export function imageDocuments(image: ProcessedImage, owner?: PictureOwner): [DocumentReference, Record<string, unknown>][] {
  const mark = owner ? { owner } : {};
  return [
    [
      productImages().doc(image.sha256),
      {
        bytes: image.bytes,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        widths: [...PICTURE_WIDTHS],
        createdAt: FieldValue.serverTimestamp(),
        ...mark,
      },
    ],
    ...image.renditions.map((r): [DocumentReference, Record<string, unknown>] => [
      pictureWidthRef(image.sha256, r.label),
      { ...pictureWidthToData(r), ...mark },
    ]),
  ];
}

/** A Firestore document holds at most 1 MiB: a photo's bytes must fit with room to spare. */
const MAX_STORED_PHOTO_BYTES = 900_000;

/**
 * Inside a transaction, reads only: the writes that store shoppers' photos (reviews, returns),
 * content-addressed beside the product pictures, and their references (each hash once).
 */
export async function preparePhotos(
  tx: Transaction,
  photos: ProcessedImage[],
  owner?: PictureOwner,
): Promise<{ refs: ProductImage[]; apply: () => void }> {
  const writes: (() => void)[] = [];
  const refs: ProductImage[] = [];
  for (const photo of photos) {
    if (photo.bytes.byteLength > MAX_STORED_PHOTO_BYTES) {
      throw new HttpError(413, 'Photo is too detailed to store; please upload a simpler or smaller picture');
    }
    const ref = productImages().doc(photo.sha256);
    if (!(await tx.get(ref)).exists) writes.push(() => imageDocuments(photo, owner).forEach(([doc, data]) => tx.set(doc, data)));
    imageStored(photo.sha256);
    if (!refs.some((r) => r.hash === photo.sha256)) refs.push({ url: `/api/images/${photo.sha256}`, hash: photo.sha256 });
  }
  return { refs, apply: () => writes.forEach((w) => w()) };
}

/** Another product, review or return still shows this picture (content-addressed: the same bytes are one document). */
async function pictureInUse(sha256: string, except: { reviews?: readonly string[]; returns?: readonly string[] }): Promise<boolean> {
  const ref = { url: `/api/images/${sha256}`, hash: sha256 };
  const [products, reviews, returns] = await Promise.all([
    db.collection('products').where('imageHashes', 'array-contains', sha256).limit(1).get(),
    db.collection('reviews').where('photos', 'array-contains', ref).limit(5).get(),
    db.collection('returns').where('photos', 'array-contains', ref).limit(5).get(),
  ]);
  return (
    !products.empty ||
    reviews.docs.some((d) => !(except.reviews ?? []).includes(d.id)) ||
    returns.docs.some((d) => !(except.returns ?? []).includes(d.id))
  );
}

/**
 * Deletes shoppers' photos (account erasure): the original and its widths, unless a product,
 * or a review or return other than `except`, still uses the same picture. Answers the hashes deleted.
 */
export async function deleteShopperPhotos(
  hashes: readonly string[],
  except: { reviews?: readonly string[]; returns?: readonly string[] } = {},
): Promise<string[]> {
  const deleted: string[] = [];
  for (const sha256 of [...new Set(hashes)].filter(isImageHash)) {
    if (await pictureInUse(sha256, except)) continue;
    const doc = productImages().doc(sha256);
    const widths = await doc.collection('widths').listDocuments();
    const batch = db.batch();
    widths.forEach((w) => batch.delete(w));
    batch.delete(doc);
    await batch.commit();
    imageMisses.add(sha256);
    deleted.push(sha256);
  }
  return deleted;
}
