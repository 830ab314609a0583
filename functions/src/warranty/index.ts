/** The warranty domain (issue 40, docs/warranty.md): its only door. */
export { registerWarranties } from './registration.js';
export { adminClaims, createClaim, getClaim, moveClaim, myWarranties } from './claims.js';
export { toClaim, toWarranty, warranties, warrantyClaims } from './store.js';
export { invoiceWarrantyNotes } from './invoice.js';
