// The local inboxes in Chromium (docs/whatsapp.md): an order's WhatsApp messages on the
// stand-in's chat page, with its COD-confirm button, which confirms the order; and the same
// order's mail in the local mail inbox, rendered, its "Confirm order" link live.
import { shortOrderId } from '@bagshop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, createTestUser, type TestUser } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { createProduct, placeUnconfirmedOrder, shopperWithAddress } from '../support/commerce';
import { logIn } from '../support/shopper-ui';
import { eventually } from '../support/stripe';
import { messagesTo, startTestWhatsApp, type WhatsAppLocal } from '../support/whatsapp';
import { startMailLocal, type MailLocal } from '../../scripts/mail-local/server';

describe('local WhatsApp and mail inboxes (Chromium)', () => {
  const chromium = useBrowser();
  let whatsapp: WhatsAppLocal;
  let mail: MailLocal;
  let seller: TestUser;

  beforeAll(async () => {
    whatsapp = await startTestWhatsApp();
    mail = await startMailLocal();
    seller = await createTestUser({ role: 'admin' });
  });

  afterAll(async () => {
    await whatsapp.close();
    await mail.close();
  });

  it("shows a COD order's message as a chat; its button confirms the order; the mail inbox shows the order mail", async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(seller, { price: 1500, discount: 0, stock: 5 });
    const placed = await placeUnconfirmedOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data._id;
    const ref = shortOrderId(orderId);
    const digits = (shopper as { phone?: string | null }).phone?.slice(1) ?? '';
    await messagesTo(whatsapp, `+${digits}`, 'bagshop_cod_confirm');

    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await page.goto(whatsapp.url, { waitUntil: 'load' });
    await page.getByRole('link', { name: `+${digits}` }).click();
    const bubble = page.locator('.bubble.out', { hasText: `order #${ref}` });
    await bubble.waitFor();
    expect(await bubble.innerText()).toContain('Please confirm it by');
    await screenshot(page, 'whatsapp-inbox-chat');
    await bubble.getByRole('button', { name: 'Confirm order' }).click();
    await page.locator('.bubble.in', { hasText: 'Confirm order' }).waitFor();
    await eventually(
      async () => Boolean((await admin().db.doc(`orders/${orderId}`).get()).get('cod.confirmedAt')),
      20_000,
      'the order confirmed',
    );

    await page.goto(mail.url, { waitUntil: 'load' });
    await page
      .getByRole('link', { name: `We have your order #${ref}` })
      .first()
      .click();
    await page.getByRole('article', { name: 'Mail body' }).waitFor();
    const confirmLink = page.getByRole('link', { name: 'Confirm order' });
    expect(await confirmLink.getAttribute('href')).toContain(`/orders/${orderId}?confirm=`);
    expect(await page.getByText(shopper.email).count()).toBeGreaterThan(0);
    await screenshot(page, 'mail-inbox-order-mail');
    await context.close();
  });

  it("the admin's Messages view counts the flows per channel", async () => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await logIn(page, chromium.base, seller.email, seller.password);
    await page.goto(`${chromium.base}/admin/messages`, { waitUntil: 'load' });
    const table = page.getByRole('table', { name: 'Messages per flow and channel' });
    const row = table.getByRole('row').filter({ hasText: 'Cod confirm' }).filter({ hasText: 'WhatsApp' });
    await row.first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'admin-messages');
    await context.close();
  });
});
