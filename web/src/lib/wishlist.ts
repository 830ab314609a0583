// The signed-in shopper's wishlist keys, shared by every heart on a page (docs/comeback.md).
import { apiData } from './api-client';

export const wishlistKey = (productId: string, variantId: string) => `${productId}/${variantId}`;

let cached: { uid: string; keys: Promise<Set<string>> } | null = null;
const listeners = new Set<(key: string, saved: boolean) => void>();

/** Called when a heart elsewhere on the page (or the return from sign-in) saves or removes a variant. */
export function onWishlistChange(listener: (key: string, saved: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saved `productId/variantId` keys, read once per shopper and page session. */
export function savedWishlistKeys(uid: string): Promise<Set<string>> {
  if (cached?.uid !== uid) {
    const keys = apiData<{ productId: string; variantId: string }[]>('wishlist').then(
      (items) => new Set(items.map((i) => wishlistKey(i.productId, i.variantId))),
      () => new Set<string>(),
    );
    cached = { uid, keys };
  }
  return cached.keys;
}

/** Saves or removes one variant; the shared keys follow. */
export async function setWishlisted(uid: string, productId: string, variantId: string | undefined, saved: boolean): Promise<void> {
  const body = variantId ? { variantId } : {};
  await apiData(`wishlist/${encodeURIComponent(productId)}`, { method: saved ? 'POST' : 'DELETE', body });
  const keys = await savedWishlistKeys(uid);
  const key = wishlistKey(productId, variantId ?? productId);
  if (saved) keys.add(key);
  else keys.delete(key);
  for (const listener of listeners) listener(key, saved);
}
