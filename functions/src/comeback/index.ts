/** The comeback domain's door (docs/comeback.md, issue 42): wishlist, alerts, their sweep and the unsubscribe. */
export { addToWishlist, listWishlist, readWishlistRecords, removeFromWishlist } from './wishlist.js';
export type { WishlistEntry } from './wishlist.js';
export { confirmAlert, createAlert, deleteMyAlert, listMyAlerts } from './alerts.js';
export { sendComebackMessages } from './sweep.js';
export { consentWords, previewUnsubscribe, unsubscribe } from './unsubscribe.js';
export type { UnsubscribePreview } from './unsubscribe.js';
