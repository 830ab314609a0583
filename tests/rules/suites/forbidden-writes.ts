// The fields that matter most — price, stock, role, order status, carts — can't be
// written by any client, whatever the persona, however the write is shaped. After each
// attempt the stored documents are checked with rules disabled: nothing moved.
import { assertFails } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { db, PERSONAS, personaUid, rulesEnv, SEED, UID, type Persona } from '../support/env.ts';

/** The persona's own uid; anonymous aims at shopper A's documents. */
const self = (persona: Persona) => personaUid[persona] ?? UID.shopperA;
const other = (persona: Persona) => (persona === 'shopper A' ? UID.shopperB : UID.shopperA);
/** An order the persona owns if they have one, else shopper A's. */
const ownOrder = (persona: Persona) => (persona === 'shopper B' ? SEED.orderOfB : SEED.orderOfA);

interface WriteCase {
  name: string;
  write: (fs: Firestore, persona: Persona) => Promise<unknown>;
}

const CASES: WriteCase[] = [
  { name: 'lower a product price', write: (fs) => updateDoc(doc(fs, 'products', SEED.product), { price: 1 }) },
  { name: 'raise a product stock', write: (fs) => updateDoc(doc(fs, 'products', SEED.product), { stock: 10_000 }) },
  // Legal Metrology (docs/legal-metrology.md): only the API publishes, after checking the declarations.
  { name: 'publish a product', write: (fs) => updateDoc(doc(fs, 'products', SEED.product), { published: true }) },
  {
    name: 'change a product’s declarations',
    write: (fs) =>
      updateDoc(doc(fs, 'products', SEED.product), {
        declarations: { genericName: 'Bag', importer: { name: 'Nobody', address: 'Nowhere' } },
        dimensionsCm: { l: 1, b: 1, h: 1 },
      }),
  },
  { name: 'set the seller’s consumer care', write: (fs) => setDoc(doc(fs, 'settings', 'seller'), { consumerCare: { name: 'x' } }) },
  {
    name: 'overwrite a product with its own price',
    write: (fs) => setDoc(doc(fs, 'products', SEED.product), { name: 'Trolley 55', price: 1, discount: 0, stock: 5, category: 'luggage' }),
  },
  { name: 'raise a variant’s stock', write: (fs) => updateDoc(doc(fs, 'variantStock', SEED.variant), { stock: 10_000 }) },
  {
    name: 'create stock for a variant',
    write: (fs) => setDoc(doc(fs, 'variantStock', 'new-variant'), { productId: SEED.product, sku: 'X', stock: 99 }),
  },
  { name: 'claim a SKU', write: (fs) => setDoc(doc(fs, 'skus', 'NEW-SKU'), { productId: 'x', variantId: 'y' }) },
  { name: 'make their profile role admin', write: (fs, p) => setDoc(doc(fs, 'users', self(p)), { role: 'admin' }, { merge: true }) },
  {
    name: 'create a profile with role admin',
    write: (fs) => setDoc(doc(fs, 'users', 'brand-new-user'), { email: 'new@rules.test', role: 'admin' }),
  },
  { name: 'mark their order completed', write: (fs, p) => updateDoc(doc(fs, 'orders', ownOrder(p)), { status: 'completed' }) },
  { name: 'mark their order paid', write: (fs, p) => updateDoc(doc(fs, 'orders', ownOrder(p)), { 'payment.status': 'paid' }) },
  // Fulfilment (docs/fulfilment.md): shipments, their events, COD confirmation and the churn record are the function's.
  {
    name: 'add a shipment to their order',
    write: (fs, p) =>
      updateDoc(doc(fs, 'orders', ownOrder(p)), {
        shipments: [{ _id: 's1', awb: 'FAKE1234', status: 'delivered', events: [] }],
        shipmentAwbs: ['FAKE1234'],
      }),
  },
  {
    name: 'confirm their COD order directly',
    write: (fs, p) => updateDoc(doc(fs, 'orders', ownOrder(p)), { 'cod.confirmedAt': serverTimestamp(), 'cod.via': 'shopper' }),
  },
  { name: 'clear their unpaid-cancel record', write: (fs, p) => setDoc(doc(fs, 'holdChurn', self(p)), { cancels: [] }) },
  {
    name: 'place an order with their own total',
    write: (fs, p) =>
      addDoc(collection(fs, 'orders'), { userId: self(p), totalAmount: 1, status: 'confirmed', createdAt: serverTimestamp() }),
  },
  {
    name: "change another user's cart line",
    write: (fs, p) => setDoc(doc(fs, 'users', other(p), 'cart', SEED.product), { quantity: 99 }),
  },
  { name: 'add to their own cart directly', write: (fs, p) => setDoc(doc(fs, 'users', self(p), 'cart', SEED.product), { quantity: 3 }) },
  {
    name: 'batch a price and a stock change',
    write: (fs) => {
      const batch = writeBatch(fs);
      batch.update(doc(fs, 'products', SEED.product), { price: 1 });
      batch.update(doc(fs, 'products', SEED.product), { stock: 10_000 });
      return batch.commit();
    },
  },
];

/** What the seeded documents the cases aim at hold, read past the rules. */
async function storedState(): Promise<unknown> {
  let state: unknown;
  await rulesEnv().withSecurityRulesDisabled(async (ctx) => {
    const fs = ctx.firestore() as unknown as Firestore;
    const read = async (...path: [string, ...string[]]) => (await getDoc(doc(fs, ...path))).data() ?? null;
    state = {
      product: await read('products', SEED.product),
      variantStock: await Promise.all([SEED.variant, 'new-variant'].map((v) => read('variantStock', v))),
      skus: await Promise.all([SEED.sku, 'NEW-SKU'].map((k) => read('skus', k))),
      profiles: await Promise.all([UID.shopperA, UID.shopperB, UID.admin, UID.fakeAdmin, 'brand-new-user'].map((u) => read('users', u))),
      orders: await Promise.all([SEED.orderOfA, SEED.orderOfB].map((o) => read('orders', o))),
      carts: await Promise.all([UID.shopperA, UID.shopperB, UID.admin, UID.fakeAdmin].map((u) => read('users', u, 'cart', SEED.product))),
      orderCount: (await getDocs(collection(fs, 'orders'))).size,
    };
  });
  return state;
}

export function describeForbiddenWrites(): void {
  describe('forbidden writes: price, stock, role, order status, carts', () => {
    for (const c of CASES) {
      describe(c.name, () => {
        it.each(PERSONAS.map((persona) => ({ persona })))('by $persona → denied, nothing stored', async ({ persona }) => {
          const before = await storedState();
          await assertFails(c.write(db(persona), persona));
          expect(await storedState()).toEqual(before);
        });
      });
    }
  });
}
