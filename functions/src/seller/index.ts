/** The seller domain's door: other domains and the HTTP layer import only what is listed here (docs/architecture.md "Where things live"). */
export { getSellerSettings, saveSellerSettings, sellerFromData, sellerRef } from './seller.js';
