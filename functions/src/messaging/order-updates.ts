/**
 * WhatsApp order updates (docs/whatsapp.md): sent for the same events as the order mails, from
 * the queued mail itself (a Firestore trigger on `mail/{id}`, functions/src/index.ts), so the
 * order, payment and fulfilment code stays as it is and each event that mails also messages.
 * Once per order and flow (the log entry's id), only to the account's verified phone (the Auth
 * user's phone number, accounts/phone.ts), only when WhatsApp is configured.
 */
import {
  formatDateTimeIN,
  formatINR,
  orderMessageId,
  shortOrderId,
  WHATSAPP_TEMPLATES,
  whatsappFlowForOrderMail,
  type WhatsAppOrderFlow,
} from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { auth, db } from '../lib/admin.js';
import { mailSiteUrl } from '../mail/index.js';
import { codConfirmToken } from '../fulfilment/cod.js';
import { applyStatus, createQueued, messageLog } from './log.js';
import { sendTemplate, WhatsAppError } from './whatsapp.js';

export type OrderUpdateOutcome = 'sent' | 'failed' | 'duplicate' | 'not_an_update' | 'off' | 'no_verified_phone' | 'no_order';

/** The payload of the COD-confirm button: the order and the same signed token as the mail's link. */
export const COD_CONFIRM_PAYLOAD = /^cod-confirm:([A-Za-z0-9_-]{1,128}):([A-Za-z0-9_-]{1,200})$/;

function firstName(order: DocumentData): string {
  const name = order.user?.fullname?.firstname;
  return typeof name === 'string' && name.trim() ? name.trim() : 'there';
}

function when(value: unknown): string {
  const date = value instanceof Timestamp ? value.toDate() : null;
  return date ? `${formatDateTimeIN(date.toISOString())} IST` : 'the time in your order';
}

interface StoredShipment {
  courier?: unknown;
  awb?: unknown;
  trackingUrl?: unknown;
}

/** The template's parameters for this order, in the template's order (domain/src/messaging/whatsapp-templates.ts). */
export function orderUpdateParameters(flow: WhatsAppOrderFlow, orderId: string, order: DocumentData, site: string | null): string[] {
  const ref = shortOrderId(orderId);
  const total = formatINR(Number(order.totalAmount ?? 0));
  const page = site ? `${site}/orders/${encodeURIComponent(orderId)}` : `your Bagshop account, order #${ref}`;
  const shipments = Array.isArray(order.shipments) ? (order.shipments as StoredShipment[]) : [];
  const shipment = shipments[shipments.length - 1];
  switch (flow) {
    case 'order-placed':
      return [firstName(order), ref, total, page];
    case 'cod-confirm':
      return [firstName(order), ref, total, when(order.cod?.confirmBy)];
    case 'shipped': {
      const courier = typeof shipment?.courier === 'string' && shipment.courier ? shipment.courier : 'our courier';
      const awb = typeof shipment?.awb === 'string' && shipment.awb ? `, AWB ${shipment.awb}` : '';
      const tracking = typeof shipment?.trackingUrl === 'string' && shipment.trackingUrl ? shipment.trackingUrl : page;
      return [firstName(order), ref, `${courier}${awb}`, tracking];
    }
    case 'out-for-delivery':
      return [firstName(order), ref, order.paymentMethod === 'COD' ? `${total} in cash` : 'nothing, it is paid'];
    case 'delivered':
      return [firstName(order), ref];
    case 'refund': {
      const paise = Number(order.payment?.refund?.amountPaise ?? NaN);
      return [firstName(order), formatINR(Number.isFinite(paise) ? paise / 100 : Number(order.totalAmount ?? 0)), ref];
    }
  }
}

/** The verified phone (E.164) of the account, or null. */
async function verifiedPhone(uid: string): Promise<string | null> {
  if (!uid) return null;
  try {
    return (await auth.getUser(uid)).phoneNumber ?? null;
  } catch {
    return null;
  }
}

/**
 * What the trigger decided for an order mail (`messageOutcomes/{mailId}`): why a shopper got no
 * WhatsApp message (WhatsApp off, no verified phone, sent before) can be looked up, and tests
 * await it instead of waiting for nothing to happen.
 */
export const messageOutcomes = () => db.collection('messageOutcomes');

/** Called for each queued mail: the WhatsApp twin of an order mail, once; the outcome is recorded for order mails. */
export async function sendOrderUpdateForMail(mailId: string, mail: DocumentData): Promise<OrderUpdateOutcome> {
  const outcome = await orderUpdateFor(mail);
  if (outcome.result !== 'not_an_update')
    await messageOutcomes()
      .doc(mailId)
      .set({
        outcome: outcome.result,
        flow: outcome.flow,
        orderId: String(mail.orderId ?? ''),
        messageId: outcome.messageId,
        at: Timestamp.now(),
      });
  return outcome.result;
}

async function orderUpdateFor(mail: DocumentData): Promise<{ result: OrderUpdateOutcome; flow: string | null; messageId: string | null }> {
  const flow = typeof mail.orderId === 'string' ? whatsappFlowForOrderMail(String(mail.kind ?? ''), mail.flow === 'cod-confirm') : null;
  if (!flow) return { result: 'not_an_update', flow: null, messageId: null };
  const result = await sendOrderUpdate(String(mail.orderId), flow);
  return { result, flow, messageId: orderMessageId(String(mail.orderId), flow) };
}

async function sendOrderUpdate(orderId: string, flow: WhatsAppOrderFlow): Promise<OrderUpdateOutcome> {
  const config = serverConfig().whatsapp;
  if (!config.enabled) return 'off';
  const order = (await db.doc(`orders/${orderId}`).get()).data();
  if (!order) return 'no_order';
  const uid = String(order.userId ?? '');
  const to = await verifiedPhone(uid);
  if (!to) return 'no_verified_phone';
  const template = WHATSAPP_TEMPLATES[flow];
  const parameters = orderUpdateParameters(flow, orderId, order, mailSiteUrl());
  const ref = messageLog().doc(orderMessageId(orderId, flow));
  const base = { channel: 'whatsapp' as const, flow, orderId, uid, template: template.name, language: template.language };
  if (!(await createQueued(ref, { ...base, parameters, to }))) return 'duplicate';
  const token = flow === 'cod-confirm' ? codConfirmToken(orderId) : null;
  try {
    const id = await sendTemplate(config, {
      to,
      template,
      parameters,
      callbackData: ref.id,
      ...(token ? { buttonPayload: `cod-confirm:${orderId}:${token}` } : {}),
    });
    await applyStatus(ref, 'sent', { providerMessageId: id });
    logger.info('whatsapp_sent', { messageId: ref.id, flow, orderId });
    return 'sent';
  } catch (error) {
    const reason = error instanceof WhatsAppError ? error.message : 'WhatsApp send failed';
    await applyStatus(ref, 'failed', { error: reason });
    logger.warn('whatsapp_failed', { messageId: ref.id, flow, orderId, reason });
    return 'failed';
  }
}
