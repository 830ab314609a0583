/** The accounts domain's door: other domains and the HTTP layer import only what is listed here (docs/architecture.md "Where things live"). */
export { addAddress, listAddresses } from './addresses.js';
export { hasConsent, readConsents, setConsent, setMarketingConsent } from './consents.js';
export type { ConsentChange, Consents } from './consents.js';
export { BAD_LINK_MESSAGE, messageLinksAvailable, readMessageLink, signLinkWith, signMessageLink } from './message-links.js';
export type { MessageLink } from './message-links.js';
export { applyVerification, resendVerification } from './email.js';
export { confirmPhoneVerification, startPhoneVerification } from './phone.js';
export { eraseMyAccount, exportMyData, listPrivacyRequests } from './privacy.js';
export {
  MAX_PAGE,
  currentUserWithVerification,
  forgetPassword,
  listUsers,
  resetPassword,
  revokeSessions,
  setRole,
  signin,
  signup,
  updateDetails,
  updatePassword,
} from './users.js';
export type { Caller } from './users.js';
export { setProfileLocale } from './locale.js';
