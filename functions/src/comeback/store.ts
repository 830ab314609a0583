/** The collections of the comeback flows (docs/comeback.md). */
import { db } from '../lib/admin.js';

export const wishlistItems = () => db.collection('wishlistItems');
export const alerts = () => db.collection('alerts');
/** `messageState/{uid}`: `lastCappedAt`, the shopper's last message under the one-a-day cap. */
export const messageState = () => db.collection('messageState');
/** `meta/comebackSweep`: `productsSeenUpTo`, the newest product change the price-drop sweep has looked at. */
export const sweepCursor = () => db.doc('meta/comebackSweep');

export const wishlistItemId = (uid: string, productId: string, variantId: string) => `${uid}_${productId}_${variantId}`;
