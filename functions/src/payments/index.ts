/** The payments domain's door (issue 39's layout): EMI and pay later (issue 43). */
export { paymentPlanOf, type RazorpayPaymentMethodFields } from './emi.js';
