// Issue 37 (Low): Add to cart pressed before the app ran sends a visitor to sign in and back, and
// the page then adds the bag; but only after a sign-in this browser's own form started. A link
// that carries `?then=add` (someone else's, or an old one) adds nothing (web/src/lib/sign-in-first.ts).
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, catalogChanged, createTestUser } from '../support/api';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { label, waitForPath, WAIT } from '../support/shopper-ui';

describe('Add to cart before sign-in', () => {
  const chromium = useBrowser();

  let bag: { _id: string; name: string };

  // Our own bag (a unique name, no sizes or colours to choose), copied from a demo backpack.
  beforeAll(async () => {
    const { db } = admin();
    const sample = (await db.collection('products').where('category', '==', 'backpacks').limit(1).get()).docs[0];
    if (!sample) throw new Error('No demo backpack to copy');
    const { options: _options, variants: _variants, ...data } = sample.data();
    const name = `E2E Plain Daypack ${Date.now().toString(36)}`;
    const ref = await db.collection('products').add({ ...data, name, stock: 20, createdAt: Timestamp.now(), updatedAt: Timestamp.now() });
    bag = { _id: ref.id, name };
    await catalogChanged();
  });

  afterAll(async () => {
    if (bag) await admin().db.doc(`products/${bag._id}`).delete();
    await catalogChanged();
  });

  it('pressed before the app ran: sign in, come back, and the bag is in the cart once', async () => {
    const shopper = await createTestUser({ firstname: 'Later' });
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    // The app's entry script does not arrive: the page is the server's, and the form posts.
    const entry = /\/assets\/entry\.client-[^/]*\.js$/;
    await context.route(entry, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${chromium.base}/product/${bag._id}`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await waitForPath(page, '/auth');
    const next = new URL(new URL(page.url()).searchParams.get('next') ?? '', chromium.base);
    expect(next.searchParams.get('then')).toBe('add');
    expect(next.searchParams.get('t')).toMatch(/^[0-9a-f]{32}$/);

    // The app arrives now (the network is back); the shopper signs in on the page they were sent to.
    await context.unroute(entry);
    await page.reload({ waitUntil: 'load' });
    await page.getByLabel(label('Email')).fill(shopper.email);
    await page.getByLabel(label('Password')).fill(shopper.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await waitForPath(page, '/cart');
    await page.getByRole('group', { name: `Quantity of ${bag.name}` }).waitFor(WAIT);
    expect(await page.getByTestId('line-quantity').innerText()).toBe('1');
    await context.close();
  });
});
