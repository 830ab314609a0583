/**
 * A product's pictures (docs/search-and-seo.md, Gallery): up to six, uploaded as the
 * repeated multipart field `images`, ordered and removed with the text field `imageOrder`.
 * The first picture is also the product's `image`; `imageHashes` lets one query find every
 * product that shows a picture (a picture belongs to one product only, docs/decisions/0004-images-in-firestore.md).
 */
import { GALLERY_MESSAGES, MAX_PRODUCT_IMAGES, type ProductImage } from '@bagshop/domain';
import { badRequest, conflict, HttpError } from '../lib/errors.js';
import { imageDocuments, imageStored, productImages } from '../images/index.js';
import type { ProcessedImage } from '../images/index.js';

export const DUPLICATE_IMAGE = 'Duplicate image detected';
export const IMAGE_ORDER_MESSAGES = {
  invalid: "imageOrder must list the product's image hashes and new:0, new:1, … for the uploaded images, separated by commas",
  unknown: 'imageOrder names an image this product does not have',
  unplaced: 'imageOrder must place every uploaded image once',
  both: "Send the pictures as the repeated field 'images' (or one 'image'), not both",
} as const;

/** Firestore keeps a document under 1 MiB; a re-encoded image must leave room for the rest. */
const MAX_STORED_IMAGE_BYTES = 900_000;

/** One place in the final gallery: a picture the product has, or the n-th upload. */
export type ImageSlot = { existing: string } | { upload: number };

/** What a product form asks of the gallery. */
export interface GalleryEdit {
  uploads: ProcessedImage[];
  /** The final order; null keeps the current pictures and adds the uploads after them. */
  order: ImageSlot[] | null;
  /** The legacy single `image` field: on an edit it replaces the first picture. */
  replaceFirst: boolean;
}

/**
 * Reads `imageOrder` ('hash,new:0,hash'). Blank means no pictures at all. Each upload must
 * appear exactly once; at most six places.
 */
export function parseImageOrder(raw: string | undefined, uploads: number): ImageSlot[] | null {
  if (raw === undefined) return null;
  const tokens = raw
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const slots: ImageSlot[] = [];
  const seen = new Set<string>();
  for (const token of tokens) {
    if (seen.has(token)) throw badRequest(IMAGE_ORDER_MESSAGES.invalid);
    seen.add(token);
    const upload = /^new:(\d{1,2})$/.exec(token);
    if (upload) {
      const n = Number(upload[1]);
      if (n >= uploads) throw badRequest(IMAGE_ORDER_MESSAGES.unplaced);
      slots.push({ upload: n });
    } else if (/^[0-9a-f]{64}$/.test(token)) {
      slots.push({ existing: token });
    } else {
      throw badRequest(IMAGE_ORDER_MESSAGES.invalid);
    }
  }
  if (slots.length > MAX_PRODUCT_IMAGES) throw badRequest(GALLERY_MESSAGES.tooMany);
  if (slots.filter((s) => 'upload' in s).length !== uploads) throw badRequest(IMAGE_ORDER_MESSAGES.unplaced);
  return slots;
}

type Picture = { ref: ProductImage; upload: ProcessedImage | null };

/** The final gallery from the current pictures and the edit (throws 400 / 409). */
export function planGallery(current: ProductImage[], edit: GalleryEdit): Picture[] {
  const uploaded = edit.uploads.map((u): Picture => ({ ref: { url: `/api/images/${u.sha256}`, hash: u.sha256 }, upload: u }));
  const kept = current.map((ref): Picture => ({ ref, upload: null }));
  let pictures: Picture[];
  if (edit.order) {
    pictures = edit.order.map((slot) => {
      if ('upload' in slot) return uploaded[slot.upload] as Picture;
      const found = kept.find((p) => p.ref.hash === slot.existing);
      if (!found) throw badRequest(IMAGE_ORDER_MESSAGES.unknown);
      return found;
    });
  } else if (edit.replaceFirst) {
    pictures = [...uploaded, ...kept.slice(1)];
  } else {
    pictures = [...kept, ...uploaded];
  }
  if (pictures.length > MAX_PRODUCT_IMAGES) throw badRequest(GALLERY_MESSAGES.tooMany);
  const hashes = pictures.map((p) => p.ref.hash);
  if (new Set(hashes).size !== hashes.length) throw conflict(DUPLICATE_IMAGE);
  return pictures;
}

function storedImage(image: ProcessedImage) {
  if (image.bytes.byteLength > MAX_STORED_IMAGE_BYTES) {
    throw new HttpError(413, 'Image is too detailed to store; please upload a simpler or smaller picture');
  }
  return imageDocuments(image);
}

/**
 * Inside a transaction, reads only: refuses a new picture another product already shows,
 * and returns the writes (store each new picture's bytes unless they are there) and the
 * product fields of the final gallery.
 */
export async function prepareGallery(
  tx: FirebaseFirestore.Transaction,
  products: FirebaseFirestore.CollectionReference,
  productId: string | null,
  current: ProductImage[],
  edit: GalleryEdit,
): Promise<{ apply: () => void; fields: { image: ProductImage; images: ProductImage[]; imageHashes: string[] } }> {
  const pictures = planGallery(current, edit);
  const writes: (() => void)[] = [];
  for (const { upload } of pictures) {
    if (!upload) continue;
    const docs = storedImage(upload);
    const [byList, byFirst] = await Promise.all([
      tx.get(products.where('imageHashes', 'array-contains', upload.sha256).limit(2)),
      tx.get(products.where('image.hash', '==', upload.sha256).limit(2)),
    ]);
    if ([...byList.docs, ...byFirst.docs].some((d) => d.id !== productId)) throw conflict(DUPLICATE_IMAGE);
    const ref = productImages().doc(upload.sha256);
    if (!(await tx.get(ref)).exists) writes.push(() => docs.forEach(([doc, data]) => tx.set(doc, data)));
    imageStored(upload.sha256);
  }
  const images = pictures.map((p) => p.ref);
  return {
    apply: () => writes.forEach((w) => w()),
    fields: { image: images[0] ?? { url: '', hash: '' }, images, imageHashes: images.map((i) => i.hash) },
  };
}
