/**
 * One payment-provider interface (issue 24; docs/orders-and-payments.md "Providers"): what
 * the shop asks of whoever takes its online payments. Two implementations: Stripe Checkout
 * (payments/payments.ts, unchanged in behaviour) and Razorpay Payment Links
 * (payments/razorpay.ts). New orders take PAYMENT_PROVIDER's; every order records
 * `payment.provider` and keeps it, so webhooks, lookups and refunds of orders placed before a
 * switch still reach the provider that took them.
 */
import type { Stripe } from './stripe-client.js';
import { serverConfig, type PaymentProviderName } from '../config.js';
import { orders, type Actor, type StoredOrder } from '../orders/store.js';
import { expireSessionQuietly, issueRefund, providerOf } from './actions.js';
import { handleWebhook, reconcileStripeCheckout, startCheckout } from './payments.js';
import { handleRazorpayWebhook, reconcileRazorpayCheckout, startRazorpayCheckout } from './razorpay.js';

export type PaymentLookup = 'paid' | 'unpaid' | 'unknown';

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The hosted payment page of the caller's pending order (one per order, idempotent). */
  createCheckout(actor: Actor, orderId: string): Promise<{ url: string; sessionId: string }>;
  /**
   * Looks the order's payment up at the provider; a payment the webhook has not delivered is
   * applied as the webhook would apply it. 'unknown': the provider could not be asked.
   */
  lookupPayment(orderId: string): Promise<PaymentLookup>;
  /** Refunds one payment in full; safe to repeat (the provider's idempotency). */
  refund(orderId: string, paymentId: string, reason: Stripe.RefundCreateParams.Reason): Promise<void>;
  /** Closes a checkout so it can no longer be paid (best effort). */
  expireCheckout(checkoutId: string): Promise<void>;
  /** Verifies the signature on the raw body and applies the event once. */
  handleWebhook(rawBody: Buffer | undefined, header: (name: string) => string | undefined): Promise<{ duplicate: boolean }>;
}

export const stripeProvider: PaymentProvider = {
  name: 'stripe',
  createCheckout: startCheckout,
  lookupPayment: reconcileStripeCheckout,
  refund: (orderId, paymentId, reason) => issueRefund(orderId, paymentId, reason, 'stripe'),
  expireCheckout: (id) => expireSessionQuietly(id, 'stripe'),
  handleWebhook: (raw, header) => handleWebhook(raw, header('stripe-signature')),
};

export const razorpayProvider: PaymentProvider = {
  name: 'razorpay',
  createCheckout: startRazorpayCheckout,
  lookupPayment: reconcileRazorpayCheckout,
  refund: (orderId, paymentId, reason) => issueRefund(orderId, paymentId, reason, 'razorpay'),
  expireCheckout: (id) => expireSessionQuietly(id, 'razorpay'),
  handleWebhook: (raw, header) => handleRazorpayWebhook(raw, header('x-razorpay-signature'), header('x-razorpay-event-id')),
};

const PROVIDERS: Record<PaymentProviderName, PaymentProvider> = { stripe: stripeProvider, razorpay: razorpayProvider };

/** Who takes the payments of new orders (PAYMENT_PROVIDER). */
export function activeProvider(): PaymentProvider {
  return PROVIDERS[serverConfig().paymentProvider];
}

/**
 * Who takes the payment of this order: the provider it was placed with (an order placed before
 * PAYMENT_PROVIDER changed keeps its provider); an unknown order gets the active one, whose
 * checkout then answers 404.
 */
export async function providerForOrderId(orderId: string): Promise<PaymentProvider> {
  const snap = await orders().doc(orderId).get();
  return snap.exists ? providerForOrder(snap.data() ?? {}) : activeProvider();
}

/** Who took (or takes) this order's payment. */
export function providerForOrder(order: StoredOrder): PaymentProvider {
  return PROVIDERS[providerOf(order)];
}
