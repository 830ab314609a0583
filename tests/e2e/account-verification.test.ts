// Issue 26 journeys in Chromium (docs/accounts-privacy.md): verify the email from the link in the
// mail document; add a phone with the Auth emulator's code in place at checkout and place a COD order.
import type { Product } from '@bagshop/domain';
import { describe, expect, it } from 'vitest';
import { admin, api, createTestUser } from '../support/api';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { addAddress } from '../support/commerce';
import { label, logIn, shootBoth, WAIT } from '../support/shopper-ui';
import { latestMail, linkOf, smsCode } from '../support/verification';

describe('verified email and phone in Chromium', () => {
  const chromium = useBrowser();

  it('follows the verification link of the mail document: the account is verified', { timeout: 90_000 }, async () => {
    const user = await createTestUser({ firstname: 'Vani', verifiedPhone: false });
    expect((await api('users/verifyEmail/resend', { method: 'POST', token: user.idToken })).status).toBe(200);
    const mail = await latestMail(user.email, 'verify_email');
    const link = linkOf(mail?.text ?? '');
    // The link names the shop's page; open it on the stack under test.
    const url = new URL(link);
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
    await page.goto(`${chromium.base}${url.pathname}${url.search}`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await page.getByText(`Your email ${user.email} is verified.`).waitFor(WAIT);
    await shootBoth(page, 'verify-email-done');
    expect((await admin().auth.getUser(user.uid)).emailVerified).toBe(true);
    await page.close();
  });

  it('checkout asks for a phone in place, takes the emulator code and places the COD order', { timeout: 150_000 }, async () => {
    const user = await createTestUser({ firstname: 'Mohan', verifiedPhone: false });
    await addAddress(user.uid);
    const backpacks = (await api<{ data: Product[] }>('products/category/backpacks')).body.data;
    const product = backpacks.find((p) => p.stock >= 3);
    if (!product) throw new Error('No backpack with stock in the demo data');
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
    await logIn(page, chromium.base, user.email, user.password);
    await page.goto(`${chromium.base}/cart?buy=${product._id}&qty=1`, { waitUntil: 'load' });
    const dialog = page.getByRole('dialog', { name: 'Shipping Address & Payment' });
    await dialog.getByRole('button', { name: 'Place Order' }).click();

    await dialog.getByText('Cash on delivery needs a verified phone').waitFor(WAIT);
    const digits = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await dialog.getByLabel(label('Phone number')).fill(digits);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Enter the 6-digit code').waitFor(WAIT);
    await shootBoth(page, 'checkout-phone-code');
    const code = await smsCode(`+91${digits}`);
    if (!code) throw new Error('The Auth emulator recorded no code');
    await dialog.getByLabel('Digit 1 of the code').click();
    await page.keyboard.type(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await page.getByText('Order placed successfully with COD').first().waitFor(WAIT);
    const orders = await admin().db.collection('orders').where('userId', '==', user.uid).get();
    expect(orders.size).toBe(1);
    expect(orders.docs[0]?.get('paymentMethod')).toBe('COD');
    expect(orders.docs[0]?.get('user.phone')).toBe(`+91${digits}`);
    expect((await admin().auth.getUser(user.uid)).phoneNumber).toBe(`+91${digits}`);
    await page.close();
  });
});
