// Every collection × get / list / create / update / delete × every persona. The table
// says who may read; nobody may write (writes go through the API).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  setDoc,
  updateDoc,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { db, PERSONAS, SEED, UID, type Persona } from '../support/env.ts';

const OPS = ['get', 'list', 'create', 'update', 'delete'] as const;
type Op = (typeof OPS)[number];

interface Target {
  /** What the row is about, as a person would say it. */
  name: string;
  /** An existing (seeded) document: read, updated, deleted. */
  doc: (fs: Firestore) => DocumentReference;
  /** Its collection: listed, and where a new document is created. */
  collection: (fs: Firestore) => CollectionReference;
  /** Who may get the document / list the collection. Writes: nobody, ever. */
  get: readonly Persona[];
  list: readonly Persona[];
}

const everyone = PERSONAS;
const nobody: readonly Persona[] = [];

const TARGETS: Target[] = [
  {
    // A published product; the whole collection (drafts in it) lists for admins only: a
    // shopper's list must filter on published (drafts.ts).
    name: 'products (the public catalog)',
    doc: (fs) => doc(fs, 'products', SEED.product),
    collection: (fs) => collection(fs, 'products'),
    get: everyone,
    list: ['admin (claim)'],
  },
  {
    name: 'products: a draft (published: false)',
    doc: (fs) => doc(fs, 'products', SEED.draft),
    collection: (fs) => collection(fs, 'products'),
    get: ['admin (claim)'],
    list: ['admin (claim)'],
  },
  {
    name: 'variantStock (each variant’s stock, public like the catalog)',
    doc: (fs) => doc(fs, 'variantStock', SEED.variant),
    collection: (fs) => collection(fs, 'variantStock'),
    get: everyone,
    list: everyone,
  },
  {
    name: 'skus (which variant claims each SKU: the API only)',
    doc: (fs) => doc(fs, 'skus', SEED.sku),
    collection: (fs) => collection(fs, 'skus'),
    get: nobody,
    list: nobody,
  },
  {
    name: "users/{uid}: shopper A's profile",
    doc: (fs) => doc(fs, 'users', UID.shopperA),
    collection: (fs) => collection(fs, 'users'),
    get: ['shopper A', 'admin (claim)'],
    list: ['admin (claim)'],
  },
  {
    name: "users/{uid}/cart: shopper A's cart",
    doc: (fs) => doc(fs, 'users', UID.shopperA, 'cart', SEED.product),
    collection: (fs) => collection(fs, 'users', UID.shopperA, 'cart'),
    get: ['shopper A'],
    list: ['shopper A'],
  },
  {
    name: "users/{uid}/addresses: shopper A's addresses",
    doc: (fs) => doc(fs, 'users', UID.shopperA, 'addresses', SEED.addressOfA),
    collection: (fs) => collection(fs, 'users', UID.shopperA, 'addresses'),
    get: ['shopper A'],
    list: ['shopper A'],
  },
  {
    // Listing the whole collection needs the admin claim; a shopper's filtered page is
    // in order-lists.ts.
    name: "orders: shopper A's order",
    doc: (fs) => doc(fs, 'orders', SEED.orderOfA),
    collection: (fs) => collection(fs, 'orders'),
    get: ['shopper A', 'admin (claim)'],
    list: ['admin (claim)'],
  },
  {
    name: 'productImages (served by /api/images only)',
    doc: (fs) => doc(fs, 'productImages', SEED.image),
    collection: (fs) => collection(fs, 'productImages'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'stripeEvents (webhook bookkeeping)',
    doc: (fs) => doc(fs, 'stripeEvents', SEED.stripeEvent),
    collection: (fs) => collection(fs, 'stripeEvents'),
    get: nobody,
    list: nobody,
  },
  {
    // The mail queue (functions/src/mail/mail.ts): not even the addressee reads it.
    name: 'mail (the queue; a message to shopper A)',
    doc: (fs) => doc(fs, 'mail', SEED.mail),
    collection: (fs) => collection(fs, 'mail'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'meta (server counters)',
    doc: (fs) => doc(fs, 'meta', SEED.meta),
    collection: (fs) => collection(fs, 'meta'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'settings (the seller on invoices; read through the admin API)',
    doc: (fs) => doc(fs, 'settings', SEED.settings),
    collection: (fs) => collection(fs, 'settings'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'taxSeries (invoice and credit-note counters)',
    doc: (fs) => doc(fs, 'taxSeries', SEED.taxSeries),
    collection: (fs) => collection(fs, 'taxSeries'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'taxQueue (orders waiting for their invoice or credit-note number)',
    doc: (fs) => doc(fs, 'taxQueue', SEED.orderOfA),
    collection: (fs) => collection(fs, 'taxQueue'),
    get: nobody,
    list: nobody,
  },
  {
    name: "taxMonths (the Tax view's month totals; read through the admin API)",
    doc: (fs) => doc(fs, 'taxMonths', SEED.taxMonth),
    collection: (fs) => collection(fs, 'taxMonths'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'offers (coupon codes and automatic offers; read through the API, docs/offers.md)',
    doc: (fs) => doc(fs, 'offers', SEED.offer),
    collection: (fs) => collection(fs, 'offers'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'offers/{id}/uses/{place or orderId} (the orders holding a use; even the shopper’s own)',
    doc: (fs) => doc(fs, 'offers', SEED.offer, 'uses', '0'),
    collection: (fs) => collection(fs, 'offers', SEED.offer, 'uses'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'offerCodes/{CODE} (the owner of a code)',
    doc: (fs) => doc(fs, 'offerCodes', 'WELCOME10'),
    collection: (fs) => collection(fs, 'offerCodes'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'offerUses/{offerId}_{uid} (even the shopper’s own)',
    doc: (fs) => doc(fs, 'offerUses', `${SEED.offer}_${UID.shopperA}`),
    collection: (fs) => collection(fs, 'offerUses'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'cartCoupons/{uid} (even the shopper’s own: the cart API answers it)',
    doc: (fs) => doc(fs, 'cartCoupons', UID.shopperA),
    collection: (fs) => collection(fs, 'cartCoupons'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'admins/{uid} (server-kept; the rules read it, clients never do)',
    doc: (fs) => doc(fs, 'admins', UID.admin),
    collection: (fs) => collection(fs, 'admins'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'consents/{uid} and the other server-kept account records',
    doc: (fs) => doc(fs, 'consents', UID.shopperA),
    collection: (fs) => collection(fs, 'consents'),
    get: nobody,
    list: nobody,
  },
  {
    name: 'a collection the rules do not name (coupons)',
    doc: (fs) => doc(fs, 'coupons', 'DIWALI'),
    collection: (fs) => collection(fs, 'coupons'),
    get: nobody,
    list: nobody,
  },
];

function attempt(target: Target, op: Op, fs: Firestore): Promise<unknown> {
  switch (op) {
    case 'get':
      return getDoc(target.doc(fs));
    case 'list':
      return getDocs(target.collection(fs));
    case 'create':
      return setDoc(doc(target.collection(fs), 'created-by-a-client'), {
        name: 'from a browser',
        price: 1,
        stock: 1,
        quantity: 1,
        role: 'admin',
        status: 'completed',
      });
    case 'update':
      return updateDoc(target.doc(fs), { updatedBy: 'a browser' });
    case 'delete':
      return deleteDoc(target.doc(fs));
  }
}

function allowed(target: Target, op: Op, persona: Persona): boolean {
  if (op === 'get') return target.get.includes(persona);
  if (op === 'list') return target.list.includes(persona);
  return false; // no client writes anywhere
}

export function describeAccessMatrix(): void {
  describe('access matrix: collection × operation × persona', () => {
    for (const target of TARGETS) {
      describe(target.name, () => {
        const rows = OPS.flatMap((op) =>
          PERSONAS.map((persona) => ({ op, persona, expected: allowed(target, op, persona) ? 'allowed' : 'denied' })),
        );
        it.each(rows)('$op by $persona → $expected', async ({ op, persona, expected }) => {
          const result = attempt(target, op, db(persona));
          if (expected === 'allowed') await assertSucceeds(result);
          else await assertFails(result);
        });
      });
    }

    // The cart and address rules sit under users/{uid}; a collection-group query skips
    // the uid, so no rule matches it and nobody (not even an admin) gets every cart (nor
    // every offer's uses, which no rule allows at all).
    describe('collection-group queries across all users', () => {
      const groups: { name: string; query: (fs: Firestore) => Query }[] = [
        { name: 'every cart line', query: (fs) => collectionGroup(fs, 'cart') },
        { name: 'every address', query: (fs) => collectionGroup(fs, 'addresses') },
        { name: 'every offer’s uses', query: (fs) => collectionGroup(fs, 'uses') },
      ];
      const rows = groups.flatMap((group) => PERSONAS.map((persona) => ({ group, persona })));
      it.each(rows)('$group.name by $persona → denied', async ({ group, persona }) => {
        await assertFails(getDocs(group.query(db(persona))));
      });
    });
  });
}
