// The rules test environment: one emulator project of its own, five personas, and the
// documents every test starts from (quickstart-testing style: seed with rules disabled,
// clear between tests, one client context per persona).
import { initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, onSnapshot, setDoc, setLogLevel, Timestamp, type DocumentReference, type Firestore, type Query } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// A project of its own, so clearing it never touches the API tests' data (demo-bagshop).
export const PROJECT = 'demo-bagshop-rules';
export const RULES_FILE = resolve(import.meta.dirname, '../../../firestore.rules');

export const UID = {
  shopperA: 'shopper-a',
  shopperB: 'shopper-b',
  admin: 'admin-by-claim',
  fakeAdmin: 'admin-by-profile-only',
  demotedAdmin: 'admin-demoted',
} as const;

export const PERSONAS = ['anonymous', 'shopper A', 'shopper B', 'admin (claim)', 'profile-only admin', 'demoted admin'] as const;
export type Persona = (typeof PERSONAS)[number];

/** The uid behind each persona (anonymous has none). */
export const personaUid: Record<Persona, string | null> = {
  anonymous: null,
  'shopper A': UID.shopperA,
  'shopper B': UID.shopperB,
  'admin (claim)': UID.admin,
  'profile-only admin': UID.fakeAdmin,
  // Still holds an ID token with the admin claim, but the server removed admins/{uid}.
  'demoted admin': UID.demotedAdmin,
};

/** Ids of the seeded documents. */
export const SEED = {
  product: 'trolley-55',
  /** A product not published (docs/legal-metrology.md "Drafts"). */
  draft: 'draft-duffle',
  /** A product stored before `published` existed (decision 0035): reads as published. */
  legacyProduct: 'legacy-backpack',
  variant: 'trolley-55-navy',
  sku: 'TRL-55-NVY',
  orderOfA: 'order-a-1',
  orderOfB: 'order-b-1',
  addressOfA: 'address-a-1',
  addressOfB: 'address-b-1',
  image: 'f'.repeat(64),
  stripeEvent: 'evt_rules_1',
  meta: 'counters',
  mail: 'mail-a-1',
  settings: 'seller',
  taxSeries: 'invoice-2026',
  taxMonth: '2026-11',
  offer: 'offer-1',
} as const;

let env: RulesTestEnvironment | undefined;
const contexts = new Map<Persona, RulesTestContext>();

export async function startRulesEnv(): Promise<RulesTestEnvironment> {
  // Every denied request would otherwise log a PERMISSION_DENIED warning; the
  // assertions say what was expected.
  setLogLevel('error');
  env = await initializeTestEnvironment({ projectId: PROJECT, firestore: { rules: readFileSync(RULES_FILE, 'utf8') } });
  return env;
}

export async function stopRulesEnv(): Promise<void> {
  contexts.clear();
  await env?.cleanup();
  env = undefined;
}

export function rulesEnv(): RulesTestEnvironment {
  if (!env) throw new Error('The rules test environment is not started (startRulesEnv in beforeAll).');
  return env;
}

/** The Firestore client a persona's browser would have: only the ID token differs. */
export function db(persona: Persona): Firestore {
  let ctx = contexts.get(persona);
  if (!ctx) {
    const e = rulesEnv();
    ctx =
      persona === 'anonymous'
        ? e.unauthenticatedContext()
        : persona === 'admin (claim)'
          ? e.authenticatedContext(UID.admin, { email: 'admin@rules.test', role: 'admin' })
          : persona === 'demoted admin'
            ? e.authenticatedContext(UID.demotedAdmin, { email: 'demoted@rules.test', role: 'admin' })
            : e.authenticatedContext(personaUid[persona] ?? '', { email: `${personaUid[persona]}@rules.test` });
    contexts.set(persona, ctx);
  }
  return ctx.firestore() as unknown as Firestore;
}

function profile(uid: string, role: 'admin' | 'customer') {
  return {
    fullname: { firstname: uid, lastname: 'Rules' },
    email: `${uid}@rules.test`,
    phonenumber: '9876543210',
    role,
    createdAt: Timestamp.fromMillis(1_700_000_000_000),
  };
}

function order(userId: string, status: string, minutesAgo: number) {
  const createdAt = Timestamp.fromMillis(Date.now() - minutesAgo * 60_000);
  return {
    userId,
    user: { _id: userId, fullname: { firstname: userId, lastname: 'Rules' }, email: `${userId}@rules.test` },
    items: [{ _id: SEED.product, product: { _id: SEED.product, image: '' }, name: 'Trolley 55', price: 4999, discount: 500, quantity: 1 }],
    subtotal: 4499,
    totalAmount: 4499,
    status,
    paymentMethod: 'COD',
    payment: { status: 'unpaid' },
    statusHistory: [],
    createdAt,
    updatedAt: createdAt,
  };
}

/** Wipes the project and writes the starting documents, bypassing the rules. */
export async function resetData(): Promise<void> {
  const e = rulesEnv();
  await e.clearFirestore();
  await e.withSecurityRulesDisabled(async (ctx) => {
    const fs = ctx.firestore() as unknown as Firestore;
    const now = Timestamp.now();
    await Promise.all([
      setDoc(doc(fs, 'products', SEED.product), {
        name: 'Trolley 55',
        price: 4999,
        discount: 500,
        stock: 5,
        category: 'luggage',
        published: true,
        createdAt: now,
      }),
      setDoc(doc(fs, 'products', SEED.draft), {
        name: 'Draft Duffle',
        price: 2999,
        discount: 0,
        category: 'duffles',
        published: false,
        createdAt: now,
      }),
      setDoc(doc(fs, 'products', SEED.legacyProduct), {
        name: 'Old Backpack',
        price: 1999,
        discount: 0,
        category: 'backpacks',
        createdAt: now,
      }),
      setDoc(doc(fs, 'users', UID.shopperA), profile(UID.shopperA, 'customer')),
      setDoc(doc(fs, 'users', UID.shopperB), profile(UID.shopperB, 'customer')),
      setDoc(doc(fs, 'users', UID.admin), profile(UID.admin, 'admin')),
      setDoc(doc(fs, 'admins', UID.admin), { email: 'admin@rules.test', grantedAt: now }),
      setDoc(doc(fs, 'users', UID.demotedAdmin), profile(UID.demotedAdmin, 'customer')),
      // The trap: a profile that says admin, for a user whose token has no claim.
      setDoc(doc(fs, 'users', UID.fakeAdmin), profile(UID.fakeAdmin, 'admin')),
      setDoc(doc(fs, 'variantStock', SEED.variant), { productId: SEED.product, sku: SEED.sku, stock: 4, updatedAt: now }),
      setDoc(doc(fs, 'skus', SEED.sku), { productId: SEED.product, variantId: SEED.variant }),
      setDoc(doc(fs, 'users', UID.shopperA, 'cart', SEED.product), { quantity: 2, addedAt: now, updatedAt: now }),
      setDoc(doc(fs, 'users', UID.shopperB, 'cart', SEED.product), { quantity: 1, addedAt: now, updatedAt: now }),
      setDoc(doc(fs, 'users', UID.shopperA, 'addresses', SEED.addressOfA), {
        street: '12 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        country: 'India',
        createdAt: now,
      }),
      setDoc(doc(fs, 'users', UID.shopperB, 'addresses', SEED.addressOfB), {
        street: '4 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        postalCode: '700016',
        country: 'India',
        createdAt: now,
      }),
      setDoc(doc(fs, 'orders', SEED.orderOfA), order(UID.shopperA, 'pending', 5)),
      setDoc(doc(fs, 'orders', SEED.orderOfB), order(UID.shopperB, 'confirmed', 3)),
      setDoc(doc(fs, 'productImages', SEED.image), { contentType: 'image/webp', width: 1200, height: 800, createdAt: now }),
      setDoc(doc(fs, 'stripeEvents', SEED.stripeEvent), { type: 'checkout.session.completed', processedAt: now }),
      setDoc(doc(fs, 'meta', SEED.meta), { orders: 2 }),
      setDoc(doc(fs, 'mail', SEED.mail), {
        to: 'a@test.bagshop.test',
        message: { subject: 'We have your order #der-a-1', text: 'Hello', html: '<p>Hello</p>' },
        kind: 'order_placed',
        uid: UID.shopperA,
        orderId: SEED.orderOfA,
        createdAt: now,
      }),
      setDoc(doc(fs, 'settings', SEED.settings), { legalName: 'Bagshop Retail LLP', gstin: '27AAPFB1234C1ZU', invoicePrefix: 'BS' }),
      setDoc(doc(fs, 'taxSeries', SEED.taxSeries), { series: 'invoice', last: 1 }),
      setDoc(doc(fs, 'taxQueue', SEED.orderOfA), { orderId: SEED.orderOfA, queuedAt: now }),
      setDoc(doc(fs, 'taxMonths', SEED.taxMonth), { month: SEED.taxMonth, invoices: { count: 1 } }),
      // Offers (docs/offers.md): server-kept, read only through the API.
      setDoc(doc(fs, 'offers', SEED.offer), {
        code: 'WELCOME10',
        automatic: false,
        title: 'Welcome',
        kind: 'percent',
        value: 10,
        usedCount: 0,
      }),
      setDoc(doc(fs, 'offers', SEED.offer, 'uses', '0'), { orderId: SEED.orderOfA, state: 'used', amountPaise: 49900 }),
      setDoc(doc(fs, 'offerCodes', 'WELCOME10'), { offerId: SEED.offer }),
      setDoc(doc(fs, 'offerUses', `${SEED.offer}_${UID.shopperA}`), { offerId: SEED.offer, uid: UID.shopperA, count: 1 }),
      setDoc(doc(fs, 'cartCoupons', UID.shopperA), { code: 'WELCOME10', offerId: SEED.offer }),
    ]);
  });
}

/**
 * A live read, as reactfire does it: resolves with the first snapshot from the server,
 * rejects with the listener's error (permission-denied when the rules say no).
 */
export function firstSnapshot(target: DocumentReference | Query): Promise<unknown> {
  return new Promise((done, fail) => {
    const stop =
      target.type === 'document'
        ? onSnapshot(
            target,
            { includeMetadataChanges: true },
            (snap) => {
              if (snap.metadata.fromCache) return;
              stop();
              done(snap);
            },
            (error) => fail(error),
          )
        : onSnapshot(
            target,
            { includeMetadataChanges: true },
            (snap) => {
              if (snap.metadata.fromCache) return;
              stop();
              done(snap);
            },
            (error) => fail(error),
          );
  });
}
