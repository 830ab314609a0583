// Sizes and colours (issue 23, docs/variants.md): admin writes with options and variants, the
// product JSON, the cart per variant, orders taking stock from the variant's own document (never
// the product document), the per-variant stale-stock rule, removal while orders hold a variant,
// the race for one variant's last units, and the migration of products stored before variants.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateVariants } from '../../scripts/lib/migrate-variants';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import {
  type Envelope,
  type OrderJson,
  ordersOf,
  placeOrder,
  placeOrderDelivered,
  productForm,
  type ProductJson,
  randomPng,
  shopperWithAddress,
  uniqueName,
  variantStocks,
  warmFunctionWorkers,
} from '../support/commerce';

interface CartLineJson {
  _id: string;
  quantity: number;
  product: { _id: string };
  variant: { _id: string; sku: string; options: Record<string, string>; price: number; discount: number; stock: number; label: string };
}
interface OrderItemJson {
  _id: string;
  variantId: string;
  sku: string;
  options: Record<string, string>;
  variantLabel: string;
  price: number;
  discount: number;
  quantity: number;
}

// Each test makes a product with pictures and several shoppers: slower than the default on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

let adminUser: TestUser;
beforeAll(async () => {
  adminUser = await createTestUser({ role: 'admin' });
});

const OPTIONS = [
  { name: 'Size', values: ['Cabin', 'Medium', 'Large'] },
  { name: 'Colour', values: ['Navy', 'Graphite'] },
];
// Prices under the cash-on-delivery limit (₹10,000 an order), so the tests can pay COD.
const sizes = { Cabin: 2999, Medium: 3999, Large: 4999 } as const;
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** A 3 × 2 table: prices by size, 4 of each (Large Graphite sold out), SKUs VOY-<tag>-<SIZE>-<COLOUR>. */
function table(t: string) {
  return OPTIONS[0]!.values.flatMap((size) =>
    OPTIONS[1]!.values.map((colour) => ({
      sku: `VOY-${t}-${size.slice(0, 3).toUpperCase()}-${colour.slice(0, 3).toUpperCase()}`,
      options: { Size: size, Colour: colour },
      price: sizes[size as keyof typeof sizes],
      discount: size === 'Cabin' ? 1000 : 500,
      stock: size === 'Large' && colour === 'Graphite' ? 0 : 4,
      imageIndexes: [colour === 'Navy' ? 0 : 1],
      ...(size === 'Cabin' ? { dimensionsCm: { length: 38, width: 22, height: 55 } } : {}),
    })),
  );
}

async function createWithVariants(fields: Record<string, string | number>, variants: unknown[], options: unknown = OPTIONS) {
  const form = productForm({
    name: uniqueName('Voyager Trolley'),
    description: 'Hard shell',
    category: 'luggage',
    options: JSON.stringify(options),
    variants: JSON.stringify(variants),
    ...fields,
  });
  for (let i = 0; i < 2; i += 1) form.append('images', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), `v${i}.png`);
  return api<Envelope<ProductJson>>('products/createProducts', { method: 'POST', token: adminUser.idToken, rawBody: form });
}

const patch = (id: string, fields: Record<string, string | number>) =>
  api<Envelope<ProductJson>>(`products/${id}`, { method: 'PATCH', token: adminUser.idToken, rawBody: productForm(fields) });
const fresh = async (id: string) => (await api<Envelope<ProductJson>>(`products/${id}?fresh=${Date.now()}`)).body.data;
const variantOf = (p: ProductJson, size: string, colour: string) => {
  const v = p.variants.find((x) => x.options.Size === size && x.options.Colour === colour);
  if (!v) throw new Error(`no ${size} ${colour}`);
  return v;
};

describe('admin: a product with options and variants', () => {
  it('creates a 3 × 2 table: each variant with its SKU, price, stock and pictures; the product answers the "from" price and the stock summed', async () => {
    const t = tag();
    const res = await createWithVariants({}, table(t));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body.data;
    expect(p.options).toEqual(OPTIONS);
    expect(p.variants).toHaveLength(6);
    expect(p.price).toBe(2999);
    expect(p.discount).toBe(1000);
    expect(p.stock).toBe(20);
    const cabinNavy = variantOf(p, 'Cabin', 'Navy');
    expect(cabinNavy).toMatchObject({ sku: `VOY-${t}-CAB-NAV`, price: 2999, discount: 1000, stock: 4 });
    expect(cabinNavy.images.map((i) => i.url)).toEqual([p.images[0]?.url]);
    expect(variantOf(p, 'Large', 'Graphite').stock).toBe(0);

    // Stock lives outside the product document.
    const stored = (await admin().db.doc(`products/${p._id}`).get()).data() ?? {};
    expect(stored.stock).toBeUndefined();
    expect((stored.variants as unknown[]).every((v) => !Object.hasOwn(v as object, 'stock'))).toBe(true);
    expect(Object.values(await variantStocks(p._id)).sort()).toEqual([0, 4, 4, 4, 4, 4]);
  });

  it('a SKU already used elsewhere: 409 "SKU <sku> is already used by <product name>", nothing written', async () => {
    const t = tag();
    const first = (await createWithVariants({}, table(t))).body.data;
    const clash = table(tag());
    clash[2]!.sku = `VOY-${t}-CAB-NAV`;
    const res = await createWithVariants({ name: 'Clashing Trolley' }, clash);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`SKU VOY-${t}-CAB-NAV is already used by ${first.name}`);
    expect((await admin().db.collection('products').where('name', '==', 'Clashing Trolley').get()).size).toBe(0);
  });

  it('bad options or variants: 400 naming the problem', async () => {
    const bad = async (variants: unknown, options: unknown = OPTIONS) =>
      (await createWithVariants({}, variants as unknown[], options)).body;
    expect((await bad([{ options: { Size: 'Cabin' }, price: 100 }])).message).toBe('Every variant needs a Colour');
    expect((await bad([{ sku: 'bad sku!', options: { Size: 'Cabin', Colour: 'Navy' }, price: 100 }])).message).toMatch(/^SKU must be/);
    const four = [1, 2, 3, 4].map((n) => ({ name: `O${n}`, values: ['x'] }));
    expect((await bad([{ options: { O1: 'x', O2: 'x', O3: 'x', O4: 'x' }, price: 100 }], four)).message).toBe(
      'A product can have at most 3 options',
    );
    const res = await createWithVariants({}, [{ options: { Size: 'Cabin', Colour: 'Navy' }, price: 100, imageIndexes: [5] }]);
    expect(res.status).toBe(400);
  });

  it('a product without options has exactly one variant: its own id, a generated SKU in the same format', async () => {
    const form = productForm({ name: uniqueName(), price: 2000, discount: 100, category: 'backpacks', stock: 7 });
    const res = await api<Envelope<ProductJson>>('products/createProducts', { method: 'POST', token: adminUser.idToken, rawBody: form });
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p.options).toEqual([]);
    expect(p.variants).toHaveLength(1);
    expect(p.variants[0]).toMatchObject({ _id: p._id, options: {}, price: 2000, discount: 100, stock: 7 });
    expect(p.variants[0]?.sku).toMatch(/^[A-Z0-9-]{1,40}$/);
  });
});

describe('cart and orders per variant', () => {
  it('cart: a variant must be chosen (400 naming the options); lines per variant with the variant’s prices; line ids', async () => {
    const p = (await createWithVariants({}, table(tag()))).body.data;
    const u = await createTestUser();
    const none = await api(`cart/${p._id}`, { method: 'POST', token: u.idToken });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose a Size and Colour');
    const medium = variantOf(p, 'Medium', 'Navy');
    const cabin = variantOf(p, 'Cabin', 'Graphite');
    await api(`cart/${p._id}`, { method: 'POST', token: u.idToken, body: { variantId: medium._id, quantity: 2 } });
    const both = await api<Envelope<CartLineJson[]>>(`cart/${p._id}`, { method: 'POST', token: u.idToken, body: { variantId: cabin._id } });
    expect(both.status).toBe(200);
    expect(both.body.data.map((l) => [l._id, l.variant.sku, l.variant.price, l.quantity])).toEqual([
      [medium._id, medium.sku, 3999, 2],
      [cabin._id, cabin.sku, 2999, 1],
    ]);
    expect(both.body.data[1]?.variant.label).toBe('Size: Cabin (55 cm), Colour: Graphite');
    // Over the variant's stock (4): 409 naming the variant.
    const over = await api(`cart/${p._id}`, { method: 'POST', token: u.idToken, body: { variantId: medium._id, quantity: 3 } });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`Only 4 left of '${p.name} — Size: Medium, Colour: Navy' (you already have 2 in your cart)`);
    const soldOut = variantOf(p, 'Large', 'Graphite');
    expect((await api(`cart/${p._id}`, { method: 'POST', token: u.idToken, body: { variantId: soldOut._id } })).status).toBe(409);
    // Line ids for increment, decrement and delete.
    const inc = await api<Envelope<CartLineJson[]>>(`cart/increment/${cabin._id}`, { method: 'PATCH', token: u.idToken });
    expect(inc.body.data.find((l) => l._id === cabin._id)?.quantity).toBe(2);
    const dec = await api<Envelope<CartLineJson[]>>(`cart/decrement/${medium._id}`, { method: 'PATCH', token: u.idToken });
    expect(dec.body.data.find((l) => l._id === medium._id)?.quantity).toBe(1);
    // The product id is ambiguous with two lines of it: 404.
    expect((await api(`cart/${p._id}`, { method: 'DELETE', token: u.idToken })).status).toBe(404);
    const del = await api<Envelope<CartLineJson[]>>(`cart/${cabin._id}`, { method: 'DELETE', token: u.idToken });
    expect(del.body.data.map((l) => l._id)).toEqual([medium._id]);
    // An unknown variant: 404.
    expect((await api(`cart/${p._id}`, { method: 'POST', token: u.idToken, body: { variantId: 'nosuchvariant' } })).status).toBe(404);
  });

  it('Buy Now with variantId: the line carries the variant; stock from that variant only, once; the product document is not written', async () => {
    const p = (await createWithVariants({}, table(tag()))).body.data;
    const productBefore = (await admin().db.doc(`products/${p._id}`).get()).updateTime;
    const stocksBefore = await variantStocks(p._id);
    const shopper = await shopperWithAddress();
    const cabin = variantOf(p, 'Cabin', 'Navy');

    const noVariant = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: p._id, quantity: 1 });
    expect(noVariant.status).toBe(400);
    expect(noVariant.body.message).toBe('Choose a Size and Colour');

    const res = await placeOrder(shopper, {
      paymentMethod: 'COD',
      addressId: shopper.addressId,
      productId: p._id,
      variantId: cabin._id,
      quantity: 3,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const item = res.body.data.items[0] as unknown as OrderItemJson;
    expect(item).toMatchObject({
      _id: p._id,
      variantId: cabin._id,
      sku: cabin.sku,
      options: { Size: 'Cabin', Colour: 'Navy' },
      variantLabel: 'Size: Cabin (55 cm), Colour: Navy',
      price: 2999,
      discount: 1000,
      quantity: 3,
    });
    expect(res.body.data.totalAmount).toBe(3 * 1999);
    const after = await variantStocks(p._id);
    expect(after[cabin._id]).toBe(1);
    for (const [id, stock] of Object.entries(stocksBefore)) if (id !== cabin._id) expect(after[id]).toBe(stock);
    // Writes to the product document per order: none.
    expect((await admin().db.doc(`products/${p._id}`).get()).updateTime?.isEqual(productBefore!)).toBe(true);

    // Cancelled: the stock goes back to the variant, once.
    const cancel = await api<Envelope<OrderJson>>(`order/${res.body.data._id}/cancel`, { method: 'POST', token: shopper.idToken });
    expect(cancel.status).toBe(200);
    expect((await variantStocks(p._id))[cabin._id]).toBe(4);
    expect((await api(`order/${res.body.data._id}/cancel`, { method: 'POST', token: shopper.idToken })).status).toBe(409);
    expect((await variantStocks(p._id))[cabin._id]).toBe(4);
  });

  it('a cart order takes each line’s variant', async () => {
    const p = (await createWithVariants({}, table(tag()))).body.data;
    const shopper = await shopperWithAddress();
    const a = variantOf(p, 'Large', 'Navy');
    const b = variantOf(p, 'Medium', 'Graphite');
    await api(`cart/${p._id}`, { method: 'POST', token: shopper.idToken, body: { variantId: a._id, quantity: 1 } });
    await api(`cart/${p._id}`, { method: 'POST', token: shopper.idToken, body: { variantId: b._id } });
    const res = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const items = res.body.data.items as unknown as OrderItemJson[];
    expect(items.map((i) => [i.variantId, i.quantity, i.price]).sort()).toEqual(
      [
        [a._id, 1, 4999],
        [b._id, 1, 3999],
      ].sort(),
    );
    const stocks = await variantStocks(p._id);
    expect([stocks[a._id], stocks[b._id]]).toEqual([3, 3]);
    expect((await api<Envelope<CartLineJson[]>>('cart', { token: shopper.idToken })).body.data).toEqual([]);
  });
});

describe('admin edits of variants', () => {
  it('stale stock is refused per variant (409 naming its SKU); another variant’s stock from the same form goes through', async () => {
    const opened = (await createWithVariants({}, table(tag()))).body.data;
    const navy = variantOf(opened, 'Cabin', 'Navy');
    const graphite = variantOf(opened, 'Cabin', 'Graphite');
    const shopper = await shopperWithAddress();
    const order = await placeOrder(shopper, {
      paymentMethod: 'COD',
      addressId: shopper.addressId,
      productId: opened._id,
      variantId: navy._id,
      quantity: 1,
    });
    expect(order.status).toBe(201);
    const edit = (changes: Partial<Record<string, number>>) =>
      JSON.stringify(
        opened.variants.map((v) => ({
          _id: v._id,
          sku: v.sku,
          options: v.options,
          price: v.price,
          discount: v.discount,
          ...(changes[v._id] !== undefined ? { stock: changes[v._id] } : {}),
        })),
      );
    const stale = await patch(opened._id, {
      options: JSON.stringify(OPTIONS),
      variants: edit({ [navy._id]: 10 }),
      expectedUpdatedAt: opened.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(`The stock of ${navy.sku} changed since you opened it`);
    expect((await variantStocks(opened._id))[navy._id]).toBe(3);

    const ok = await patch(opened._id, {
      options: JSON.stringify(OPTIONS),
      variants: edit({ [graphite._id]: 9 }),
      expectedUpdatedAt: opened.updatedAt,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(variantOf(ok.body.data, 'Cabin', 'Graphite').stock).toBe(9);
    expect(variantOf(ok.body.data, 'Cabin', 'Navy').stock).toBe(3);
    // Ids are stable across edits.
    expect(ok.body.data.variants.map((v) => v._id).sort()).toEqual(opened.variants.map((v) => v._id).sort());
  });

  it('removing a variant that an open order holds: 409 naming how many orders; once it is settled, it goes', async () => {
    const p = (await createWithVariants({}, table(tag()))).body.data;
    const held = variantOf(p, 'Large', 'Navy');
    const shopper = await shopperWithAddress();
    const order = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: p._id, variantId: held._id });
    expect(order.status).toBe(201);
    const without = JSON.stringify(
      p.variants
        .filter((v) => v._id !== held._id)
        .map((v) => ({ _id: v._id, sku: v.sku, options: v.options, price: v.price, discount: v.discount })),
    );
    const refused = await patch(p._id, { options: JSON.stringify(OPTIONS), variants: without });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${held.sku} cannot be removed: 1 open order holds it`);
    expect((await fresh(p._id)).variants).toHaveLength(6);

    await api(`order/${order.body.data._id}/cancel`, { method: 'POST', token: shopper.idToken });
    const removed = await patch(p._id, { options: JSON.stringify(OPTIONS), variants: without });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.variants).toHaveLength(5);
    expect((await admin().db.doc(`variantStock/${held._id}`).get()).exists).toBe(false);
    // Its SKU is free again.
    expect((await admin().db.doc(`skus/${held.sku}`).get()).exists).toBe(false);
  });
});

describe('20 shoppers racing for the last 5 units of one variant', () => {
  it('exactly 5 orders; never oversold; the other variants untouched', async () => {
    const t = tag();
    const variants = table(t).map((v) => ({ ...v, stock: v.options.Size === 'Cabin' && v.options.Colour === 'Navy' ? 5 : 6 }));
    const p = (await createWithVariants({}, variants)).body.data;
    const target = variantOf(p, 'Cabin', 'Navy');
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWithAddress()));
    await warmFunctionWorkers(shoppers);
    const body = (s: { addressId: string }) => ({ paymentMethod: 'COD', addressId: s.addressId, productId: p._id, variantId: target._id });
    const results = await Promise.all(shoppers.map((s) => placeOrderDelivered(s, body(s))));
    expect(
      results.every((r) => r.status === 201 || r.status === 409),
      JSON.stringify(results.map((r) => [r.status, r.body.message])),
    ).toBe(true);
    // No second chances (issue 37): contention is retried on the server, so the first answers decide.
    const placed = await Promise.all(shoppers.map(async (s) => (await ordersOf(s.uid)).length === 1));
    const losers = results.filter((_, i) => !placed[i]).map((r) => [r.status, r.body.message]);
    const soldOut = new RegExp(`^'${p.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — Size: Cabin.*Colour: Navy' is out of stock$`);
    expect(losers).toEqual(Array.from({ length: 15 }, () => [409, expect.stringMatching(soldOut)]));
    const orders = (await Promise.all(shoppers.map((s) => ordersOf(s.uid)))).flat();
    expect(orders).toHaveLength(5);
    const stocks = await variantStocks(p._id);
    expect(stocks[target._id]).toBe(0);
    for (const v of p.variants) if (v._id !== target._id) expect(stocks[v._id]).toBe(6);
  }, 400_000);
});

describe('migration of products stored before variants', () => {
  it('moves a product’s stock to its one variant; running it again changes nothing', async () => {
    const { db } = admin();
    const ref = db.collection('products').doc();
    await ref.set({
      name: uniqueName('Old bag'),
      description: '',
      price: 1500,
      discount: 100,
      category: 'duffles',
      stock: 6,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const first = await migrateVariants(db);
    expect(first.migrated).toContain(ref.id);
    const after = (await ref.get()).data() ?? {};
    expect(after.stock).toBeUndefined();
    expect(after.variants).toEqual([
      { _id: ref.id, sku: expect.stringMatching(/^[A-Z0-9-]{1,40}$/), options: {}, price: 1500, discount: 100, imageHashes: [] },
    ]);
    expect((await db.doc(`variantStock/${ref.id}`).get()).get('stock')).toBe(6);
    const again = await migrateVariants(db);
    expect(again.migrated).not.toContain(ref.id);
    expect((await ref.get()).data()).toEqual(after);
    const p = await fresh(ref.id);
    expect(p).toMatchObject({ price: 1500, discount: 100, stock: 6 });
    // And it still sells as before, without a variant named.
    const shopper = await shopperWithAddress();
    expect((await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: ref.id, quantity: 2 })).status).toBe(
      201,
    );
    expect((await db.doc(`variantStock/${ref.id}`).get()).get('stock')).toBe(4);
  });
});
