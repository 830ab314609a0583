// The wishlist (issue 42, docs/comeback.md "Wishlist"): limits, who may, the price at save time.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_WISHLIST_ITEMS, WISHLIST_FULL_MESSAGE } from '@bagshop/domain';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { expectFailure } from '../support/accounts';
import { createProduct, type ProductJson } from '../support/commerce';

type Ok<T> = { success: true; data: T; message?: string };
interface Entry {
  _id: string;
  productId: string;
  variantId: string;
  savedPricePaise: number;
  variant: { pricePaise: number; inStock: boolean } | null;
  product: { name: string } | null;
}

let seller: TestUser;
let product: ProductJson;
let other: ProductJson;

beforeAll(async () => {
  seller = await createTestUser({ role: 'admin' });
  product = await createProduct(seller, { price: 2000, discount: 500, stock: 3 });
  other = await createProduct(seller, { price: 1000, discount: 0, stock: 0 });
});

describe('wishlist', () => {
  it('needs a signed-in shopper (401), a real product (404) and answers the price when saved', async () => {
    expectFailure(await api('wishlist'), 401);
    expectFailure(await api(`wishlist/${product._id}`, { method: 'POST' }), 401);
    const shopper = await createTestUser();
    expectFailure(await api('wishlist/no-such-bag', { method: 'POST', token: shopper.idToken }), 404);
    expectFailure(await api(`wishlist/${product._id}`, { method: 'POST', token: shopper.idToken, body: { variantId: 'nope' } }), 404);
    const saved = await api<Ok<Entry>>(`wishlist/${product._id}`, { method: 'POST', token: shopper.idToken });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ productId: product._id, variantId: product._id, savedPricePaise: 150_000 });
    // Saving again keeps the first price.
    expect((await api<Ok<Entry>>(`wishlist/${product._id}`, { method: 'POST', token: shopper.idToken })).body.data.savedPricePaise).toBe(
      150_000,
    );
    await api(`wishlist/${other._id}`, { method: 'POST', token: shopper.idToken });
    const list = await api<Ok<Entry[]>>('wishlist', { token: shopper.idToken });
    expect(list.body.data.map((e) => e.productId).sort()).toEqual([product._id, other._id].sort());
    const sold = list.body.data.find((e) => e.productId === other._id);
    expect(sold?.variant).toMatchObject({ pricePaise: 100_000, inStock: false });
    // Nobody else sees it, and removing what is not there is a 404.
    const stranger = await createTestUser();
    expect((await api<Ok<Entry[]>>('wishlist', { token: stranger.idToken })).body.data).toEqual([]);
    expectFailure(await api(`wishlist/${product._id}`, { method: 'DELETE', token: stranger.idToken }), 404);
    const removed = await api<Ok<{ removed: number }>>(`wishlist/${product._id}?variantId=${product._id}`, {
      method: 'DELETE',
      token: shopper.idToken,
    });
    expect(removed.body.data.removed).toBe(1);
    expect((await api<Ok<Entry[]>>('wishlist', { token: shopper.idToken })).body.data.map((e) => e.productId)).toEqual([other._id]);
  });

  it(`keeps at most ${MAX_WISHLIST_ITEMS} items: the 100th is saved, the 101st is 400 with a clear message`, async () => {
    const shopper = await createTestUser();
    const db = admin().db;
    // 98 saved earlier (written as the API would), then two through the API: 99 and 100.
    const batch = db.batch();
    for (let i = 0; i < MAX_WISHLIST_ITEMS - 2; i += 1)
      batch.set(db.doc(`wishlistItems/${shopper.uid}_gone-${i}_gone-${i}`), {
        uid: shopper.uid,
        productId: `gone-${i}`,
        variantId: `gone-${i}`,
        savedPricePaise: 100_000,
        savedAt: new Date(Date.now() - 60_000 - i),
        lastPriceDropAt: null,
      });
    await batch.commit();
    expect((await api(`wishlist/${other._id}`, { method: 'POST', token: shopper.idToken })).status).toBe(201);
    expect((await api(`wishlist/${product._id}`, { method: 'POST', token: shopper.idToken })).status).toBe(201);
    const third = await createProduct(seller, { stock: 1 });
    const over = await api<{ message: string }>(`wishlist/${third._id}`, { method: 'POST', token: shopper.idToken });
    expectFailure(over, 400);
    expect(over.body.message).toBe(WISHLIST_FULL_MESSAGE);
    const list = await api<Ok<Entry[]>>('wishlist', { token: shopper.idToken });
    expect(list.body.data).toHaveLength(MAX_WISHLIST_ITEMS);
    // The saved products that are gone answer without a product.
    expect(list.body.data.filter((e) => e.product === null)).toHaveLength(MAX_WISHLIST_ITEMS - 2);
  });
});
