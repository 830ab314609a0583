/**
 * Product image intake (docs/decisions/0004-images-in-firestore.md), shared by the API and the seed script:
 * check the bytes (JPEG, PNG or WebP by magic number, at most 5 MB), re-encode to
 * WebP with the longest side at most 1200 px, and hash the OUTPUT so the same picture
 * always lands at the same content address `productImages/{sha256}`; then its widths for the
 * screen (renditions.ts, docs/decisions/0030-pictures-for-the-screen.md).
 */
import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES, IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@bagshop/domain';
import { HttpError } from '../lib/errors.js';
import { makeRenditions, type Rendition } from './renditions.js';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Longest side of a stored product image, in pixels. */
export const MAX_IMAGE_SIDE = 1200;

/** Decoding bombs: refuse inputs with more pixels than this. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** An upload we refuse; `message` is safe to show to the person who sent it. */
export class ImageRejectedError extends HttpError {
  constructor(
    message: string,
    override readonly status: 413 | 415 | 400,
  ) {
    super(status, message);
    this.name = 'ImageRejectedError';
  }
}

export interface ProcessedImage {
  bytes: Buffer;
  sha256: string;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** The same picture in each of PICTURE_WIDTHS (renditions.ts), stored beside it. */
  renditions: Rendition[];
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  return magic.every((b, i) => bytes[offset + i] === b);
}

function ascii(text: string): number[] {
  return Array.from(text, (ch) => ch.charCodeAt(0));
}

/** The image format, judged by magic bytes only (never by file name or declared type). */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Validate and normalise one uploaded product image.
 * Throws ImageRejectedError (400 empty, 413 too big, 415 not a readable JPEG/PNG/WebP).
 */
export async function processProductImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength === 0) throw new ImageRejectedError('Image file is empty', 400);
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new ImageRejectedError(IMAGE_SIZE_MESSAGE, 413);
  if (sniffImageKind(bytes) === null) {
    throw new ImageRejectedError(IMAGE_TYPE_MESSAGE, 415);
  }

  // Loaded on first use: keeps the function's cold start (every route) free of libvips.
  const { default: sharp } = await import('sharp');
  const input = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 });
  const output = await pipeline.toBuffer({ resolveWithObject: true }).catch((error: unknown) => {
    if (isPixelLimitError(error)) {
      throw new ImageRejectedError('Image dimensions are too large (at most 50 megapixels)', 413);
    }
    throw new ImageRejectedError('Image could not be read', 415);
  });

  const { data, info } = output;
  return {
    bytes: data,
    sha256: createHash('sha256').update(data).digest('hex'),
    contentType: 'image/webp',
    width: info.width,
    height: info.height,
    renditions: await makeRenditions(data),
  };
}
