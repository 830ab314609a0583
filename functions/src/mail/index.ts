/** The mail domain's door: other domains and the HTTP layer import only what is listed here (docs/architecture.md "Where things live"). */
export {
  emailChangedMail,
  greeting,
  mailGreeting,
  mailSiteUrl,
  orderMail,
  orderMailEventFor,
  queueMail,
  render,
  renderMailBody,
  siteUrl,
} from './mail.js';
export type { MailDoc } from './mail.js';
