/** The offers domain's door: other domains and the HTTP layer import only what is listed here (docs/architecture.md "Where things live"). */
export { createOffer, listOffers, updateOffer } from './admin.js';
export { applyCoupon, priceBuyNow, priceCart, removeCoupon } from './cart.js';
export { automaticOffers, claimOrderOffers, prepareOfferRelease, prepareOrderOffers, releaseOfferUses } from './order.js';
export { pricingLine, verifiedPhoneOf } from './store.js';
