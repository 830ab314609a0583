import type { ProductImage } from './types.js';

/** A product shows at most this many pictures; `image` is always the first of `images`. */
export const MAX_PRODUCT_IMAGES = 6;

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
