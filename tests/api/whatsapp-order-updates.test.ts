// WhatsApp order updates (docs/whatsapp.md) through the Cloud API adapter and the local stand-in:
// each event that mails the shopper sends its template once, only to a verified phone; the
// stand-in's status webhooks move the message log; the COD-confirm button confirms the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { addAddress, createProduct, placeUnconfirmedOrder, storedOrder, type Envelope, type OrderJson } from '../support/commerce';
import { logEntry, messagesTo, outcomesFor, startTestWhatsApp, type WhatsAppLocal } from '../support/whatsapp';
import { eventually } from '../support/stripe';

let seller: TestUser;
let productId: string;
let whatsapp: WhatsAppLocal;

beforeAll(async () => {
  whatsapp = await startTestWhatsApp();
  seller = await createTestUser({ role: 'admin' });
  productId = (await createProduct(seller, { stock: 50, price: 2000, discount: 0 }))._id;
});

afterAll(async () => {
  await whatsapp.close();
});

function setStatus(orderId: string, status: string) {
  return api<Envelope<OrderJson>>(`order/${orderId}/status`, { method: 'PATCH', token: seller.idToken, body: { status } });
}

describe('WhatsApp order updates', { timeout: 180_000 }, () => {
  it('a COD order: cod-confirm with its button, then shipped, out for delivery, delivered — once each, read receipts logged', async () => {
    const shopper = await createTestUser({ firstname: 'Asha' });
    const addressId = await addAddress(shopper.uid);
    const placed = await placeUnconfirmedOrder(shopper, { paymentMethod: 'COD', addressId, productId, quantity: 1 });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data._id;
    const phone = shopper.phone ?? '';

    const [confirm] = await messagesTo(whatsapp, phone, 'bagshop_cod_confirm');
    expect(confirm?.text).toContain(`Hello Asha, your cash-on-delivery order #${orderId.slice(-6)} of ₹2,000 is placed.`);
    expect(confirm?.button).toEqual({ text: 'Confirm order', payload: expect.stringMatching(new RegExp(`^cod-confirm:${orderId}:`)) });
    // The request as production would send it.
    const request = whatsapp.requests.find((r) => JSON.stringify(r.body).includes(orderId));
    expect(request?.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: phone.slice(1),
      type: 'template',
      template: {
        name: 'bagshop_cod_confirm',
        language: { code: 'en' },
        components: [{ type: 'body' }, { type: 'button', sub_type: 'quick_reply', index: '0' }],
      },
      biz_opaque_callback_data: `wa_${orderId}_cod-confirm`,
    });
    // sent → delivered → read, from the stand-in's signed webhooks.
    const log = await logEntry(`wa_${orderId}_cod-confirm`, (d) => d.status === 'read', 'the cod-confirm message read');
    expect(log).toMatchObject({
      channel: 'whatsapp',
      flow: 'cod-confirm',
      orderId,
      uid: shopper.uid,
      to: phone,
      template: 'bagshop_cod_confirm',
    });
    expect(log.providerMessageId).toBe(confirm?.id);
    expect(Object.keys(log.statusAt).sort()).toEqual(['delivered', 'queued', 'read', 'sent']);

    // The shopper taps "Confirm order": the order is confirmed as the mail's link does it.
    expect(await whatsapp.tap(confirm?.id ?? '')).toBe(200);
    const order = await eventually(
      async () => {
        const o = await storedOrder(orderId);
        return o.cod?.confirmedAt ? o : null;
      },
      20_000,
      'the COD order confirmed',
    );
    expect(order.cod).toMatchObject({ via: 'shopper', confirmedBy: shopper.uid });

    expect((await setStatus(orderId, 'confirmed')).status).toBe(200);
    expect((await setStatus(orderId, 'shipped')).status).toBe(200);
    const [shipped] = await messagesTo(whatsapp, phone, 'bagshop_order_shipped');
    expect(shipped?.text).toContain(`your order #${orderId.slice(-6)} is on its way`);
    expect((await setStatus(orderId, 'out_for_delivery')).status).toBe(200);
    const [out] = await messagesTo(whatsapp, phone, 'bagshop_out_for_delivery');
    expect(out?.text).toContain('To pay on delivery: ₹2,000 in cash.');
    expect((await setStatus(orderId, 'completed')).status).toBe(200);
    await messagesTo(whatsapp, phone, 'bagshop_order_delivered');

    // A second mail for an event already messaged (a retried write) sends nothing more.
    await admin()
      .db.collection('mail')
      .add({ ...(await firstMail(orderId, 'order_shipped')), createdAt: new Date() });
    expect(await outcomesFor(orderId, 'order_shipped', 2)).toEqual(expect.arrayContaining(['sent', 'duplicate']));
    const templates = whatsapp.messages.filter((m) => m.phone === phone.slice(1) && m.direction === 'out').map((m) => m.template);
    expect(templates.sort()).toEqual([
      'bagshop_cod_confirm',
      'bagshop_order_delivered',
      'bagshop_order_shipped',
      'bagshop_out_for_delivery',
    ]);
  });

  it('no verified phone: the mail goes, no WhatsApp message', async () => {
    const shopper = await createTestUser({ verifiedPhone: false });
    const addressId = await addAddress(shopper.uid);
    const placed = await placeUnconfirmedOrder(shopper, { paymentMethod: 'ONLINE', addressId, productId, quantity: 1 });
    expect(placed.status).toBe(201);
    expect(await outcomesFor(placed.body.data._id, 'order_placed')).toEqual(['no_verified_phone']);
    expect((await admin().db.doc(`messages/wa_${placed.body.data._id}_order-placed`).get()).exists).toBe(false);
  });

  it('a card order with a verified phone gets order-placed with its link', async () => {
    const shopper = await createTestUser({ firstname: 'Ravi' });
    const addressId = await addAddress(shopper.uid);
    const placed = await placeUnconfirmedOrder(shopper, { paymentMethod: 'ONLINE', addressId, productId, quantity: 2 });
    expect(placed.status).toBe(201);
    const [message] = await messagesTo(whatsapp, shopper.phone ?? '', 'bagshop_order_placed');
    expect(message?.text).toMatch(
      new RegExp(
        `Hello Ravi, .* #${placed.body.data._id.slice(-6)} of ₹4,000 is placed\\. See it here: http.*/orders/${placed.body.data._id}`,
      ),
    );
    expect(await outcomesFor(placed.body.data._id, 'order_placed')).toEqual(['sent']);
  });
});

async function firstMail(orderId: string, kind: string): Promise<FirebaseFirestore.DocumentData> {
  const snap = await admin().db.collection('mail').where('orderId', '==', orderId).where('kind', '==', kind).limit(1).get();
  const data = snap.docs[0]?.data();
  if (!data) throw new Error(`no ${kind} mail for ${orderId}`);
  return data;
}
