// The shipping domain's door (issue 39's layout): the seller's shipping settings (express delivery, issue 40).
export { readShippingSettings, saveShippingSettings, SHIPPING_SETTINGS } from './settings.js';
