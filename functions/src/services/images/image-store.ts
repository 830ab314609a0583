import { db } from '../../lib/admin.js';

export const productImages = () => db.collection('productImages');

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
}

const SHA256 = /^[0-9a-f]{64}$/;

export function isImageHash(value: string): boolean {
  return SHA256.test(value);
}

export async function readImage(sha256: string): Promise<StoredImage | null> {
  const snap = await productImages().doc(sha256).get();
  if (!snap.exists) return null;
  const data = snap.data() ?? {};
  const bytes = data.bytes as Buffer | Uint8Array | undefined;
  if (!bytes) return null;
  return { bytes: Buffer.from(bytes), contentType: String(data.contentType ?? 'image/webp') };
}
