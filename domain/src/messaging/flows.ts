/**
 * Message flows (docs/whatsapp.md): the name each message carries in the message log
 * (`messages/{id}.flow`) and on queued mails (`mail/{id}.flow`), so the admin's Messages view
 * counts one flow across channels.
 */

/** Order updates sent on WhatsApp (and mailed): one message per order and flow. */
export const WHATSAPP_ORDER_FLOWS = ['order-placed', 'cod-confirm', 'shipped', 'out-for-delivery', 'delivered', 'refund'] as const;
export type WhatsAppOrderFlow = (typeof WHATSAPP_ORDER_FLOWS)[number];

export const MESSAGE_CHANNELS = ['whatsapp', 'mail'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** An order mail's event (`order_<event>`) → its flow. */
const ORDER_EVENT_FLOWS: Record<string, string> = {
  placed: 'order-placed',
  confirmed: 'order-confirmed',
  shipped: 'shipped',
  out_for_delivery: 'out-for-delivery',
  delivery_failed: 'delivery-failed',
  completed: 'delivered',
  returned_to_origin: 'returned-to-origin',
  cancelled: 'cancelled',
  refunded: 'refund',
};

const ACCOUNT_FLOWS: Record<string, string> = {
  verify_email: 'verify-email',
  verify_new_email: 'verify-email',
  email_changed: 'email-changed',
  review_request: 'review-request',
  review_decision: 'review-decision',
};

/**
 * The flow of a mail of this kind: `order_shipped` → `shipped`; `return_*` → `return`,
 * `warranty_*` → `warranty`; any other kind keeps its own name with dashes.
 */
export function mailFlowOf(kind: string): string {
  if (kind.startsWith('order_')) return ORDER_EVENT_FLOWS[kind.slice('order_'.length)] ?? kind.replace(/_/g, '-');
  if (kind.startsWith('return_')) return 'return';
  if (kind.startsWith('warranty_')) return 'warranty';
  return ACCOUNT_FLOWS[kind] ?? kind.replace(/_/g, '-');
}

/**
 * The WhatsApp order update, if any, for a queued order mail: the same events, once each.
 * A placed COD order that waits for its confirmation gets `cod-confirm` (with the button)
 * instead of `order-placed`.
 */
export function whatsappFlowForOrderMail(kind: string, codAwaitsConfirmation: boolean): WhatsAppOrderFlow | null {
  switch (kind) {
    case 'order_placed':
      return codAwaitsConfirmation ? 'cod-confirm' : 'order-placed';
    case 'order_shipped':
      return 'shipped';
    case 'order_out_for_delivery':
      return 'out-for-delivery';
    case 'order_completed':
      return 'delivered';
    case 'order_refunded':
      return 'refund';
    default:
      return null;
  }
}

/** The message log's id for an order update: one per order and flow, whoever sends it and how often. */
export function orderMessageId(orderId: string, flow: WhatsAppOrderFlow): string {
  return `wa_${orderId}_${flow}`;
}

/** '+919876543210' → '+91 98•••••210': what a screen shows of a phone number. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return '•'.repeat(digits.length);
  const national = digits.length > 10 ? digits.slice(-10) : digits;
  const cc = digits.length > 10 ? `+${digits.slice(0, digits.length - 10)} ` : '';
  return `${cc}${national.slice(0, 2)}${'•'.repeat(national.length - 5)}${national.slice(-3)}`;
}
