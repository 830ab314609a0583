/**
 * `productImages/{sha256}/widths/{width}`: one width of a stored picture
 * (docs/decisions/0030-pictures-for-the-screen.md). `webp` absent: the stored original is that
 * width; `avif` absent: AVIF was not smaller. Each width is its own document (1 MiB each).
 */
import { Fields } from './plain.js';

export interface StoredPictureWidth {
  width: number;
  height: number;
  webp: Uint8Array | null;
  avif: Uint8Array | null;
}

function bytesOf(value: unknown): Uint8Array | null {
  return value instanceof Uint8Array && value.byteLength > 0 ? value : null;
}

export function pictureWidthFromData(path: string, data: unknown): StoredPictureWidth {
  const d = Fields.of(data, path);
  return { width: d.number('width'), height: d.number('height'), webp: bytesOf(d.raw('webp')), avif: bytesOf(d.raw('avif')) };
}

export function pictureWidthToData(value: StoredPictureWidth): Record<string, unknown> {
  return {
    width: value.width,
    height: value.height,
    ...(value.webp ? { webp: value.webp } : {}),
    ...(value.avif ? { avif: value.avif } : {}),
  };
}
