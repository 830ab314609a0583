// The WhatsApp tests use the project's local stand-in (scripts/whatsapp-local), the same module
// `npm start` runs, started in the test process on WHATSAPP_LOCAL_PORT (scripts/test.ts sets it;
// the function's WHATSAPP_API_BASE points there), so a test sees what the function sent and can
// reply as the shopper would.
import { startWhatsAppLocal, type SentMessage, type WhatsAppLocal } from '../../scripts/whatsapp-local/server';
import { admin } from './api';
import { hostingUrl } from './emulators';
import { eventually } from './stripe';

export type { SentMessage, WhatsAppLocal };
export { LOCAL_WHATSAPP_APP_SECRET, statusWebhook, inboundWebhook } from '../../scripts/whatsapp-local/server';

export async function startTestWhatsApp(): Promise<WhatsAppLocal> {
  return startWhatsAppLocal({ webhookUrl: `${await hostingUrl()}/api/webhooks/whatsapp` });
}

/** The message log entry, once it exists and `ready` says so. */
export async function logEntry(
  id: string,
  ready: (d: FirebaseFirestore.DocumentData) => boolean = () => true,
  what = `messages/${id}`,
): Promise<FirebaseFirestore.DocumentData> {
  return eventually(
    async () => {
      const d = (await admin().db.doc(`messages/${id}`).get()).data();
      return d && ready(d) ? d : null;
    },
    30_000,
    what,
  );
}

/** What the trigger decided for each of an order's mails of this kind (messageOutcomes/{mailId}), once all are decided. */
export async function outcomesFor(orderId: string, kind: string, count = 1): Promise<string[]> {
  return eventually(
    async () => {
      const mails = await admin().db.collection('mail').where('orderId', '==', orderId).where('kind', '==', kind).get();
      if (mails.size < count) return null;
      const outcomes = await Promise.all(mails.docs.map((m) => admin().db.doc(`messageOutcomes/${m.id}`).get()));
      return outcomes.every((o) => o.exists) ? outcomes.map((o) => String(o.get('outcome'))) : null;
    },
    30_000,
    `the WhatsApp outcome of ${kind} for ${orderId}`,
  );
}

/** The stand-in's messages to this phone (E.164) made from `template`, once there are `count`. */
export async function messagesTo(whatsapp: WhatsAppLocal, phone: string, template: string, count = 1): Promise<SentMessage[]> {
  const digits = phone.replace(/\D/g, '');
  return eventually(
    async () => {
      const found = whatsapp.messages.filter((m) => m.phone === digits && m.template === template);
      return found.length >= count ? found : null;
    },
    30_000,
    `${template} to ${phone}`,
  );
}
