/** The shipping domain's door: other domains and the HTTP layer import only what is listed here (docs/architecture.md "Where things live"). */
export {
  bookReturnWithShiprocket,
  bookWithShiprocket,
  courierProvider,
  ndrActionWithShiprocket,
  parseShiprocketWebhook,
  webhookTokenValid,
} from './courier.js';
export type { Booking, CourierEvent } from './courier.js';
export { checkAddressPin, checkOrderDelivery, deliveryPolicy, deliveryQuote, readDeliveryRules, saveDeliveryRules } from './delivery.js';
export { allDistricts } from './pin-directory.js';
// The shipping domain's door (issue 39's layout): the seller's shipping settings (express delivery, issue 40).
export { readShippingSettings, saveShippingSettings, SHIPPING_SETTINGS } from './settings.js';
