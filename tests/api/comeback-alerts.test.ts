// Back-in-stock and price-drop alerts, consent, quiet hours and the one-click unsubscribe
// (issue 42, docs/comeback.md). The clock of the sweep is set per call (`X-Bagshop-Test-Now`,
// honoured on the emulators only), at times in 2030 so that nothing else's clock meets them.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { expectFailure } from '../support/accounts';
import { createProduct, type ProductJson } from '../support/commerce';
import { ist, mailsTo, setDiscount, setStock, sweepAt, tokenIn } from '../support/comeback';
import { hostingUrl } from '../support/emulators';

type Ok<T> = { success: true; data: T; message?: string };
interface Alert {
  _id: string;
  status: string;
  endedReason: string | null;
  sendAt: string | null;
}
interface Choice {
  purpose: string;
  channel: string;
  granted: boolean;
  source: string | null;
}

let seller: TestUser;

beforeAll(async () => {
  seller = await createTestUser({ role: 'admin' });
});

const shopperWithAlerts = () => createTestUser({ emailVerified: true });

async function choices(user: TestUser): Promise<Choice[]> {
  return (await api<Ok<{ choices: Choice[] }>>('users/me/consents', { token: user.idToken })).body.data.choices;
}
const granted = (list: Choice[], purpose: string, channel: string) =>
  list.find((c) => c.purpose === purpose && c.channel === channel)?.granted;

describe('back-in-stock alerts', () => {
  let soldOut: ProductJson;
  beforeAll(async () => {
    soldOut = await createProduct(seller, { stock: 0 });
  });

  it('guards: 401 to list, 403 for an unverified email, 404 unknown product, 409 in stock, 404 to delete another’s', async () => {
    expectFailure(await api('alerts'), 401);
    const unverified = await createTestUser({ emailVerified: false });
    expectFailure(await api('alerts', { method: 'POST', token: unverified.idToken, body: { productId: soldOut._id } }), 403);
    const shopper = await shopperWithAlerts();
    expectFailure(await api('alerts', { method: 'POST', token: shopper.idToken, body: { productId: 'no-such-bag' } }), 404);
    const inStock = await createProduct(seller, { stock: 4 });
    expectFailure(await api('alerts', { method: 'POST', token: shopper.idToken, body: { productId: inStock._id } }), 409);
    const made = await api<Ok<Alert>>('alerts', { method: 'POST', token: shopper.idToken, body: { productId: soldOut._id } });
    expect(made.status).toBe(201);
    const stranger = await shopperWithAlerts();
    expectFailure(await api(`alerts/${made.body.data._id}`, { method: 'DELETE', token: stranger.idToken }), 404);
    expect((await api(`alerts/${made.body.data._id}`, { method: 'DELETE', token: shopper.idToken })).status).toBe(200);
    expect((await api<Ok<Alert[]>>('alerts', { token: shopper.idToken })).body.data).toEqual([]);
  });

  it('one tap records the alerts consent; back in stock at 22:00 IST waits until 09:00, sends once, then ends', async () => {
    const bag = await createProduct(seller, { stock: 0 });
    const shopper = await shopperWithAlerts();
    const made = await api<Ok<Alert>>('alerts', { method: 'POST', token: shopper.idToken, body: { productId: bag._id } });
    expect(made.body.data.status).toBe('active');
    const consent = (await choices(shopper)).find((c) => c.purpose === 'alerts' && c.channel === 'email');
    expect(consent).toMatchObject({ granted: true, source: 'alert-signup' });

    await sweepAt(ist('2030-01-10T12:00'));
    expect(await mailsTo(shopper.email, 'back_in_stock')).toHaveLength(0); // still sold out

    await setStock(bag._id, 5);
    await sweepAt(ist('2030-01-10T22:00'));
    expect(await mailsTo(shopper.email, 'back_in_stock')).toHaveLength(0); // quiet hours
    const waiting = (await api<Ok<Alert[]>>('alerts', { token: shopper.idToken })).body.data[0];
    expect(waiting).toMatchObject({ status: 'active', sendAt: ist('2030-01-11T09:00').toISOString() });
    await sweepAt(ist('2030-01-11T08:59'));
    expect(await mailsTo(shopper.email, 'back_in_stock')).toHaveLength(0);

    await sweepAt(ist('2030-01-11T09:00'));
    const mails = await mailsTo(shopper.email, 'back_in_stock');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ flow: 'back-in-stock', uid: shopper.uid });
    expect(mails[0]?.message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mails[0]?.message.headers?.['List-Unsubscribe']).toMatch(/^<.*\/unsubscribe\?token=.+>$/);
    expect(mails[0]?.message.text).toContain('/unsubscribe?token=');
    expect((await api<Ok<Alert[]>>('alerts', { token: shopper.idToken })).body.data[0]).toMatchObject({
      status: 'ended',
      endedReason: 'sent',
    });

    await sweepAt(ist('2030-01-11T10:00'));
    expect(await mailsTo(shopper.email, 'back_in_stock')).toHaveLength(1); // never twice
  });

  it('never without consent: withdrawn before the restock, the alert ends with no mail', async () => {
    const bag = await createProduct(seller, { stock: 0 });
    const shopper = await shopperWithAlerts();
    await api('alerts', { method: 'POST', token: shopper.idToken, body: { productId: bag._id } });
    const off = await api('users/me/consents', {
      method: 'PATCH',
      token: shopper.idToken,
      body: { purpose: 'alerts', channel: 'email', granted: false },
    });
    expect(off.status).toBe(200);
    await setStock(bag._id, 2);
    await sweepAt(ist('2030-02-01T12:00'));
    expect(await mailsTo(shopper.email, 'back_in_stock')).toHaveLength(0);
    expect((await api<Ok<Alert[]>>('alerts', { token: shopper.idToken })).body.data[0]).toMatchObject({
      status: 'ended',
      endedReason: 'no-consent',
    });
  });

  it('a visitor: double opt-in mail, nothing until the confirm link, then one mail; its unsubscribe ends their alerts', async () => {
    const bag = await createProduct(seller, { stock: 0 });
    const email = `visitor-${Date.now().toString(36)}@test.bagshop.test`;
    expectFailure(await api('alerts', { method: 'POST', body: { productId: bag._id } }), 400);
    const made = await api<Ok<Alert>>('alerts', { method: 'POST', body: { productId: bag._id, email } });
    expect(made.status).toBe(201);
    expect(made.body.data.status).toBe('pending');
    const [confirm] = await mailsTo(email, 'alert_confirm');
    expect(confirm).toBeDefined();
    await setStock(bag._id, 3);
    await sweepAt(ist('2030-03-01T12:00'));
    expect(await mailsTo(email, 'back_in_stock')).toHaveLength(0); // not confirmed: no consent

    const token = tokenIn(confirm?.message.text ?? '', '/alerts/confirm');
    expectFailure(await api('alerts/confirm', { method: 'POST', body: { token: `${token.slice(0, -2)}xx` } }), 400);
    const confirmed = await api<Ok<Alert>>('alerts/confirm', { method: 'POST', body: { token } });
    expect(confirmed.body.data.status).toBe('active');
    // A confirm token does not unsubscribe, an unsubscribe token does not confirm.
    expectFailure(await api(`unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' }), 400);

    await sweepAt(ist('2030-03-01T12:05'));
    const [sent] = await mailsTo(email, 'back_in_stock');
    expect(sent).toMatchObject({ flow: 'back-in-stock', uid: '' });
    const stored = await admin().db.doc(`alerts/${made.body.data._id}`).get();
    expect(stored.get('consent')).toMatchObject({ source: 'alert-confirm', noticeVersion: '2026-11-26' });
  });
});

describe('price drops of wishlisted bags', () => {
  it('9 % is not a drop, 10 % is; one mail, not again within a week; only with the alerts consent', async () => {
    const bag = await createProduct(seller, { price: 2000, discount: 500, stock: 5 }); // ₹1,500
    const shopper = await shopperWithAlerts();
    const silent = await shopperWithAlerts(); // no alerts consent
    await api('users/me/consents', {
      method: 'PATCH',
      token: shopper.idToken,
      body: { purpose: 'alerts', channel: 'email', granted: true },
    });
    for (const who of [shopper, silent])
      expect((await api(`wishlist/${bag._id}`, { method: 'POST', token: who.idToken })).status).toBe(201);

    await setDiscount(seller, bag._id, 635); // ₹1,365: 9 % under
    await sweepAt(ist('2030-04-01T12:00'));
    expect(await mailsTo(shopper.email, 'price_drop')).toHaveLength(0);

    await setDiscount(seller, bag._id, 650); // ₹1,350: 10 % under
    await sweepAt(ist('2030-04-01T12:10'));
    const mails = await mailsTo(shopper.email, 'price_drop');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ flow: 'price-drop' });
    expect(mails[0]?.message.text).toContain('₹1,350');
    expect(mails[0]?.message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await mailsTo(silent.email, 'price_drop')).toHaveLength(0); // no consent, no mail

    await setDiscount(seller, bag._id, 800); // lower again, two days later: not within the week
    await sweepAt(ist('2030-04-03T12:00'));
    expect(await mailsTo(shopper.email, 'price_drop')).toHaveLength(1);

    await setDiscount(seller, bag._id, 820); // eight days after the first: again
    await sweepAt(ist('2030-04-09T12:30'));
    expect(await mailsTo(shopper.email, 'price_drop')).toHaveLength(2);
  });

  it('quiet hours: a drop seen at 23:00 IST goes at 09:00', async () => {
    const bag = await createProduct(seller, { price: 3000, discount: 0, stock: 5 });
    const shopper = await shopperWithAlerts();
    await api('users/me/consents', {
      method: 'PATCH',
      token: shopper.idToken,
      body: { purpose: 'alerts', channel: 'email', granted: true },
    });
    await api(`wishlist/${bag._id}`, { method: 'POST', token: shopper.idToken });
    await setDiscount(seller, bag._id, 600);
    await sweepAt(ist('2030-05-01T23:00'));
    expect(await mailsTo(shopper.email, 'price_drop')).toHaveLength(0);
    await sweepAt(ist('2030-05-02T09:01'));
    expect(await mailsTo(shopper.email, 'price_drop')).toHaveLength(1);
  });
});

describe('consent per channel and purpose, and the one-click unsubscribe', () => {
  it('PATCH sets one purpose on one channel with its source and notice version; the old { marketing } still works', async () => {
    const shopper = await createTestUser();
    const wa = await api<Ok<{ choices: Choice[]; history: { source: string; noticeVersion: string }[] }>>('users/me/consents', {
      method: 'PATCH',
      token: shopper.idToken,
      body: { purpose: 'marketing', channel: 'whatsapp', granted: true },
    });
    expect(granted(wa.body.data.choices, 'marketing', 'whatsapp')).toBe(true);
    expect(granted(wa.body.data.choices, 'marketing', 'email')).toBe(false);
    expect(wa.body.data.history.at(-1)).toMatchObject({ source: 'profile', noticeVersion: '2026-11-26' });
    const old = await api<Ok<{ marketing: boolean; choices: Choice[] }>>('users/me/consents', {
      method: 'PATCH',
      token: shopper.idToken,
      body: { marketing: true },
    });
    expect(old.body.data.marketing).toBe(true);
    expect(granted(old.body.data.choices, 'marketing', 'email')).toBe(true);
    expectFailure(
      await api('users/me/consents', {
        method: 'PATCH',
        token: shopper.idToken,
        body: { purpose: 'transactional', channel: 'email', granted: false },
      }),
      400,
    );
    expectFailure(await api('users/me/consents', { method: 'PATCH', body: { marketing: true } }), 401);
  });

  it("the mail's link withdraws at once, without sign-in (API, one-click POST and the page); a forged token is a clear 400", async () => {
    const bag = await createProduct(seller, { stock: 0 });
    const shopper = await shopperWithAlerts();
    await api('alerts', { method: 'POST', token: shopper.idToken, body: { productId: bag._id } });
    await setStock(bag._id, 1);
    await sweepAt(ist('2030-06-01T12:00'));
    const [mail] = await mailsTo(shopper.email, 'back_in_stock');
    const token = tokenIn(mail?.message.text ?? '', '/unsubscribe');

    const preview = await api<Ok<{ what: string; granted: boolean }>>(`unsubscribe?token=${encodeURIComponent(token)}`);
    expect(preview.body.data).toMatchObject({
      purpose: 'alerts',
      channel: 'email',
      granted: true,
      what: 'Back-in-stock and price-drop alerts by email',
    });
    const forged = await api<{ message: string }>(`unsubscribe?token=${encodeURIComponent(`${token.slice(0, -3)}abc`)}`, {
      method: 'POST',
    });
    expectFailure(forged, 400);
    expect(forged.body.message).toMatch(/not valid/);
    expect(granted(await choices(shopper), 'alerts', 'email')).toBe(true);

    // RFC 8058: a POST with List-Unsubscribe=One-Click, no cookie, no sign-in.
    const oneClick = await fetch(`${await hostingUrl()}/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const after = await choices(shopper);
    expect(after.find((c) => c.purpose === 'alerts' && c.channel === 'email')).toMatchObject({ granted: false, source: 'unsubscribe' });
    expect(granted(after, 'marketing', 'email')).toBe(false);
  });

  it('the /unsubscribe page: what goes and a button (no JavaScript needed), the one-click POST there too, and a 400 page for a forged link', async () => {
    const shopper = await createTestUser();
    await api('users/me/consents', {
      method: 'PATCH',
      token: shopper.idToken,
      body: { purpose: 'marketing', channel: 'email', granted: true },
    });
    const { signLinkWith } = await import('../../functions/src/accounts/message-links');
    const { LOCAL_MESSAGE_LINK_SECRET } = await import('../../scripts/lib/function-settings');
    const token = signLinkWith(LOCAL_MESSAGE_LINK_SECRET, {
      kind: 'unsubscribe',
      subject: shopper.uid,
      purpose: 'marketing',
      channel: 'email',
    });
    const page = await fetch(`${await hostingUrl()}/unsubscribe?token=${encodeURIComponent(token)}`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Offers and reminders by email');
    expect(html).toMatch(/<form[^>]*method="post"/i);
    expect(granted(await choices(shopper), 'marketing', 'email')).toBe(true); // opening the page withdraws nothing
    const posted = await fetch(`${await hostingUrl()}/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('withdrawn');
    expect(granted(await choices(shopper), 'marketing', 'email')).toBe(false);
    const bad = await fetch(`${await hostingUrl()}/unsubscribe?token=u.bad.marketing.email.sig`, { headers: { Accept: 'text/html' } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('This link is not valid');
  });
});

describe('your data', () => {
  it('the export lists consents, wishlist and alerts; deleting the account removes them all', async () => {
    const bag = await createProduct(seller, { stock: 0 });
    const shopper = await shopperWithAlerts();
    await api(`wishlist/${bag._id}`, { method: 'POST', token: shopper.idToken });
    await api('alerts', { method: 'POST', token: shopper.idToken, body: { productId: bag._id } });
    await api('alerts', { method: 'POST', body: { productId: bag._id, email: shopper.email } }); // as a visitor, same address
    const exported = await api<Ok<{ consents: { choices: Choice[] }; wishlist: { productId: string }[]; alerts: { productId: string }[] }>>(
      'users/me/export',
      { token: shopper.idToken },
    );
    expect(exported.body.data.wishlist.map((w) => w.productId)).toEqual([bag._id]);
    expect(exported.body.data.alerts).toHaveLength(2);
    expect(granted(exported.body.data.consents.choices, 'alerts', 'email')).toBe(true);

    expect((await api('users/me', { method: 'DELETE', token: shopper.idToken, body: { currentPassword: shopper.password } })).status).toBe(
      200,
    );
    const db = admin().db;
    expect((await db.collection('wishlistItems').where('uid', '==', shopper.uid).get()).size).toBe(0);
    expect((await db.collection('alerts').where('uid', '==', shopper.uid).get()).size).toBe(0);
    expect((await db.collection('alerts').where('email', '==', shopper.email).get()).size).toBe(0);
    expect((await db.doc(`consents/${shopper.uid}`).get()).exists).toBe(false);
    expect((await db.doc(`messageState/${shopper.uid}`).get()).exists).toBe(false);
  });
});
