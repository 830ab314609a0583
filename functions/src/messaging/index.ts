/** The messaging domain's door (docs/whatsapp.md): WhatsApp order updates, their webhook, the message log's summary. */
export { sendOrderUpdateForMail, orderUpdateParameters, COD_CONFIRM_PAYLOAD } from './order-updates.js';
export type { OrderUpdateOutcome } from './order-updates.js';
export { handleWhatsAppWebhook, verifySubscription, BAD_SIGNATURE } from './webhook.js';
export { messagesSummary } from './summary.js';
export { whatsappSignature, validWhatsAppSignature } from './signature.js';
export { templateRequestBody } from './whatsapp.js';
