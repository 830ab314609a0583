/**
 * The payments page (/payments, docs/legal-metrology.md "Payments page"): how a shopper can pay,
 * who takes the payment, what it costs and how long refunds and chargebacks take. Generated from
 * the configured provider (PAYMENT_PROVIDER) and the seller settings, as the returns policy is.
 */
export const PAYMENT_PROVIDER_KEYS = ['stripe', 'razorpay'] as const;
export type PaymentProviderKey = (typeof PAYMENT_PROVIDER_KEYS)[number];

/** What GET /api/seller says about payments. */
export interface PaymentsInfo {
  provider: PaymentProviderKey;
  /** false while online payments cannot be taken (the provider's keys are not set). */
  online: boolean;
}

interface ProviderFacts {
  name: string;
  methods: string[];
  contact: { label: string; url: string };
}

export const PAYMENT_PROVIDER_FACTS: Record<PaymentProviderKey, ProviderFacts> = {
  stripe: {
    name: 'Stripe',
    methods: ['Credit and debit cards (Visa, Mastercard, American Express), on Stripe Checkout'],
    contact: { label: 'Stripe support', url: 'https://support.stripe.com/contact' },
  },
  razorpay: {
    name: 'Razorpay',
    methods: ['UPI', 'Credit and debit cards (Visa, Mastercard, RuPay)', 'Net banking', 'Wallets'],
    contact: { label: 'Razorpay support', url: 'https://razorpay.com/support/' },
  },
};

export const CASH_ON_DELIVERY = 'Cash on delivery (needs a verified phone number)';
export const PAYMENT_FEES = 'None. We charge no fee for any way of paying, cash on delivery included.';
export const CARD_DATA_NOTE = (provider: string) =>
  `You pay on ${provider}'s own secure page. Your card number, CVV, UPI PIN and bank passwords go to ${provider} and your bank only: they never reach Bagshop, and we never store them.`;
export const REFUND_TIMELINES = [
  'An order cancelled before it ships: the refund is started at once.',
  'A returned bag: the refund is started within 2 working days of it reaching our warehouse.',
  'Paid online: back to the same card, UPI or bank account; your bank shows it within 5-7 working days.',
  'Cash on delivery: by bank transfer (NEFT/IMPS) to the account you give us, within 5-7 working days.',
];
export const CHARGEBACK_TIMELINES = [
  'Tell us first if something is wrong (Contact us or the grievance officer): most problems are settled faster than a chargeback.',
  'A chargeback (a dispute you raise with your bank) is decided by your bank under the card network’s rules: we answer the provider within 7 days with the order’s details.',
  'Banks usually decide within 30 to 90 days; if the chargeback is upheld, the money stays with you and we do not charge it again.',
];

/** The payment methods the shop takes now: the provider's (when online payments work) and cash on delivery. */
export function paymentMethods(info: PaymentsInfo): string[] {
  return [...(info.online ? PAYMENT_PROVIDER_FACTS[info.provider].methods : []), CASH_ON_DELIVERY];
}
