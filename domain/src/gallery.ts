import type { ProductImage } from './types.js';

/** A product shows at most this many pictures; `image` is always the first of `images`. */
export const MAX_PRODUCT_IMAGES = 6;

/** What an uploaded product picture may be: the admin form's file picker and the API's check of the bytes (decision 0004). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_MB = 5;
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
export const IMAGE_TYPE_MESSAGE = 'Image must be a JPEG, PNG or WebP file';
export const IMAGE_SIZE_MESSAGE = `Image must be ${IMAGE_MAX_MB} MB or smaller`;

export const GALLERY_MESSAGES = {
  tooMany: `A product can have at most ${MAX_PRODUCT_IMAGES} images`,
} as const;

function imageOf(value: unknown): ProductImage | null {
  if (!value || typeof value !== 'object') return null;
  const { url, hash } = value as { url?: unknown; hash?: unknown };
  if (typeof url !== 'string' || url === '') return null;
  return { url, hash: typeof hash === 'string' ? hash : '' };
}

/**
 * The pictures of a stored product document: its `images` list, or, for documents written
 * before galleries existed, the one `image`.
 */
export function productImagesOf(doc: { image?: unknown; images?: unknown }): ProductImage[] {
  if (Array.isArray(doc.images)) {
    const list = doc.images.map(imageOf).filter((x): x is ProductImage => x !== null);
    if (list.length) return list.slice(0, MAX_PRODUCT_IMAGES);
  }
  const one = imageOf(doc.image);
  return one ? [one] : [];
}
