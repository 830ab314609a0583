/**
 * The widths of a stored picture (docs/decisions/0030-pictures-for-the-screen.md): for each of
 * PICTURE_WIDTHS a WebP no wider than it (none when that is the original itself) and an AVIF
 * when AVIF is smaller than that WebP. Made from the stored WebP at upload, by the seed and by
 * `npm run migrate:images`.
 */
import { PICTURE_WIDTHS, type PictureWidth } from '@bagshop/domain';

export interface Rendition {
  /** The width asked for (`/api/images/{sha256}/{label}`). */
  label: PictureWidth;
  width: number;
  height: number;
  /** null: the stored original is this width (it is not wider than `label`). */
  webp: Buffer | null;
  /** null: AVIF would not be smaller than the WebP. */
  avif: Buffer | null;
}

/** Changing these changes the bytes: the seed's cache key includes them (scripts/seed/gallery.ts). */
export const RENDITION_SETTINGS = { webpQuality: 80, avifQuality: 50, avifEffort: 3 } as const;

/** A width's document holds both formats; past this, the AVIF is left out (a document holds at most 1 MiB). */
const MAX_RENDITION_DOC_BYTES = 900_000;

export async function makeRenditions(original: Buffer): Promise<Rendition[]> {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(original).metadata();
  const fullWidth = meta.width ?? 0;
  const fullHeight = meta.height ?? 0;
  // Widths at or above the original's share its encodings: made once.
  const made = new Map<number, Promise<{ width: number; height: number; webp: Buffer | null; avif: Buffer | null }>>();
  const encode = (target: number) => {
    let hit = made.get(target);
    if (!hit) {
      hit = (async () => {
        const isOriginal = target >= fullWidth;
        const resized = isOriginal ? sharp(original) : sharp(original).resize({ width: target });
        const webp = isOriginal ? null : await resized.clone().webp({ quality: RENDITION_SETTINGS.webpQuality }).toBuffer();
        const avif = await resized
          .clone()
          .avif({ quality: RENDITION_SETTINGS.avifQuality, effort: RENDITION_SETTINGS.avifEffort })
          .toBuffer();
        const webpBytes = (webp ?? original).byteLength;
        const keepAvif = avif.byteLength < webpBytes && (webp?.byteLength ?? 0) + avif.byteLength <= MAX_RENDITION_DOC_BYTES;
        const width = isOriginal ? fullWidth : target;
        const height = isOriginal ? fullHeight : Math.max(1, Math.round((fullHeight * target) / Math.max(1, fullWidth)));
        return { width, height, webp, avif: keepAvif ? avif : null };
      })();
      made.set(target, hit);
    }
    return hit;
  };
  return Promise.all(PICTURE_WIDTHS.map(async (label) => ({ label, ...(await encode(Math.min(label, fullWidth))) })));
}
