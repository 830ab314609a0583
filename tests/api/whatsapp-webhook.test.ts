// POST /api/webhooks/whatsapp (docs/whatsapp.md): signed as Meta signs (X-Hub-Signature-256 over
// the raw body); a bad or missing signature is 401 and nothing is recorded; statuses move the
// message log; an inbound STOP withdraws marketing consent at once. GET: the verify handshake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser } from '../support/api';
import { hostingUrl } from '../support/emulators';
import { inboundWebhook, startTestWhatsApp, statusWebhook, type SentMessage, type WhatsAppLocal } from '../support/whatsapp';

let whatsapp: WhatsAppLocal;

beforeAll(async () => {
  whatsapp = await startTestWhatsApp();
});

afterAll(async () => {
  await whatsapp.close();
});

/** A message log entry as the function writes it after a send, with its wamid. */
async function sentEntry(): Promise<{ id: string; message: SentMessage }> {
  const id = `wa_test${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}_shipped`;
  const wamid = `wamid.test-${id}`;
  const now = new Date();
  await admin()
    .db.doc(`messages/${id}`)
    .set({
      channel: 'whatsapp',
      flow: 'shipped',
      orderId: null,
      uid: 'u-test',
      template: 'bagshop_order_shipped',
      language: 'en',
      parameters: ['A', 'B', 'C', 'D'],
      to: '+919812345678',
      status: 'sent',
      providerMessageId: wamid,
      error: null,
      statusAt: { queued: now, sent: now },
      createdAt: now,
      updatedAt: now,
    });
  const message: SentMessage = {
    id: wamid,
    phone: '919812345678',
    direction: 'out',
    text: '',
    template: 'bagshop_order_shipped',
    button: null,
    status: 'sent',
    at: now.toISOString(),
    callbackData: null,
    parameters: [],
  };
  return { id, message };
}

const statusOf = async (id: string) => String((await admin().db.doc(`messages/${id}`).get()).get('status'));

describe('the WhatsApp webhook', { timeout: 90_000 }, () => {
  it('a bad or missing signature: 401 JSON, nothing recorded', async () => {
    const { id, message } = await sentEntry();
    const body = statusWebhook(message, 'delivered');
    for (const secret of ['not-the-app-secret', null]) {
      const res = await whatsapp.sendRaw(body, secret);
      expect(res.status).toBe(401);
      expect(res.answer).toMatchObject({ success: false, message: 'The WhatsApp webhook signature is missing or wrong' });
    }
    expect(await statusOf(id)).toBe('sent');

    // A signed body changed on the way: refused too.
    const raw = JSON.stringify(body);
    const res = await fetch(`${await hostingUrl()}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': `sha256=${'0'.repeat(64)}` },
      body: raw,
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');

    // An unsigned STOP changes no consent and leaves no inbound record.
    const shopper = await createTestUser();
    await admin().db.doc(`consents/${shopper.uid}`).set({ marketing: true });
    const stop = inboundWebhook((shopper.phone ?? '').slice(1), `wamid.in-${Date.now()}`, { type: 'text', text: { body: 'STOP' } });
    expect((await whatsapp.sendRaw(stop, 'wrong')).status).toBe(401);
    expect((await admin().db.doc(`consents/${shopper.uid}`).get()).get('marketing')).toBe(true);
    expect((await admin().db.collection('inboundMessages').where('from', '==', shopper.phone).get()).size).toBe(0);
  });

  it('signed statuses move the log forward only; failed after delivery is ignored', async () => {
    const { id, message } = await sentEntry();
    expect((await whatsapp.sendRaw(statusWebhook(message, 'delivered'))).status).toBe(200);
    expect(await statusOf(id)).toBe('delivered');
    expect((await whatsapp.sendRaw(statusWebhook(message, 'sent'))).status).toBe(200);
    expect(await statusOf(id)).toBe('delivered');
    expect((await whatsapp.sendRaw(statusWebhook(message, 'read'))).status).toBe(200);
    const entry = (await admin().db.doc(`messages/${id}`).get()).data();
    expect(entry?.status).toBe('read');
    expect(entry?.statusAt.read).toBeDefined();

    const other = await sentEntry();
    const failed = statusWebhook(other.message, 'sent') as { entry: { changes: { value: { statuses: Record<string, unknown>[] } }[] }[] };
    const status = failed.entry[0]?.changes[0]?.value.statuses[0];
    if (status) Object.assign(status, { status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] });
    expect((await whatsapp.sendRaw(failed)).status).toBe(200);
    const f = (await admin().db.doc(`messages/${other.id}`).get()).data();
    expect(f).toMatchObject({ status: 'failed', error: 'Message undeliverable' });
  });

  it('STOP (any case) from a verified phone withdraws marketing (and alerts) on WhatsApp at once, and is recorded once', async () => {
    const shopper = await createTestUser();
    await admin()
      .db.doc(`consents/${shopper.uid}`)
      .set({ marketing: true, choices: { marketing_whatsapp: { granted: true, source: 'profile' } } });
    expect(await whatsapp.reply((shopper.phone ?? '').slice(1), 'Stop')).toBe(200);
    const consent = (await admin().db.doc(`consents/${shopper.uid}`).get()).data();
    // The reply withdraws what WhatsApp was given (docs/comeback.md): marketing and alerts there.
    expect(consent?.choices?.marketing_whatsapp?.granted).toBe(false);
    expect(consent?.choices?.alerts_whatsapp?.granted).toBe(false);
    expect(consent?.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'marketing', channel: 'whatsapp', granted: false, source: 'whatsapp-stop' }),
      ]),
    );
    const inbound = await admin().db.collection('inboundMessages').where('from', '==', shopper.phone).get();
    expect(inbound.docs.map((d) => d.get('action'))).toEqual(['marketing_withdrawn']);

    // The same delivery again (WhatsApp retries): handled once.
    const last = whatsapp.deliveries.filter((d) => d.kind === 'inbound').at(-1);
    expect((await whatsapp.sendRaw(last?.body)).status).toBe(200);
    expect((await admin().db.collection('inboundMessages').where('from', '==', shopper.phone).get()).size).toBe(1);
  });

  it("GET /api/admin/messages/summary: per channel and flow, WhatsApp's receipts and mail's flows; admins only", async () => {
    const { message } = await sentEntry();
    expect((await whatsapp.sendRaw(statusWebhook(message, 'read'))).status).toBe(200);
    // A mail the Trigger Email extension has sent (delivery.state SUCCESS), and one it could not send.
    const mail = {
      to: 'x@test.bagshop.test',
      message: { subject: 's', text: 't', html: 'h' },
      kind: 'order_shipped',
      uid: 'u',
      createdAt: new Date(),
    };
    await admin()
      .db.collection('mail')
      .add({ ...mail, flow: 'shipped', delivery: { state: 'SUCCESS' } });
    await admin()
      .db.collection('mail')
      .add({ ...mail, flow: 'shipped', delivery: { state: 'ERROR' } });
    const seller = await createTestUser({ role: 'admin' });
    const summary = await api<{
      data: {
        days: number;
        rows: { channel: string; flow: string; total: number; sent: number; delivered: number; read: number; failed: number }[];
      };
    }>('admin/messages/summary', { token: seller.idToken });
    expect(summary.status).toBe(200);
    expect(summary.body.data.days).toBe(30);
    const shipped = summary.body.data.rows.find((r) => r.channel === 'whatsapp' && r.flow === 'shipped');
    expect(shipped?.read).toBeGreaterThanOrEqual(1);
    expect(shipped && shipped.sent >= shipped.delivered && shipped.delivered >= shipped.read).toBe(true);
    const mailed = summary.body.data.rows.find((r) => r.channel === 'mail' && r.flow === 'shipped');
    expect(mailed?.sent).toBeGreaterThanOrEqual(1);
    expect(mailed?.failed).toBeGreaterThanOrEqual(1);
    // Mail has no delivery or read receipts.
    expect(summary.body.data.rows.every((r) => r.channel === 'whatsapp' || (r.delivered === 0 && r.read === 0))).toBe(true);

    const shopper = await createTestUser();
    expect((await api('admin/messages/summary', { token: shopper.idToken })).status).toBe(403);
    expect((await api('admin/messages/summary?days=0', { token: seller.idToken })).status).toBe(400);
  });

  it('GET: the verification handshake echoes hub.challenge for the right verify token only', async () => {
    const ok = await fetch(
      `${await hostingUrl()}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=whatsapp-local-verify-token&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await api('webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ success: false });
  });
});
