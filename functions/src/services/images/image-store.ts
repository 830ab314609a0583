import { db } from '../../lib/admin.js';
import { serverConfig } from '../../config.js';
import { MissCache } from '../../lib/miss-cache.js';

export const productImages = () => db.collection('productImages');

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
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
  return { bytes: Buffer.from(bytes), contentType: String(data.contentType ?? 'image/webp') };
}
