// Erasure that erases, export that exports (issue 37, item 3; docs/accounts-privacy.md "What
// happens to each field"). A shopper with a delivered order (placed with an Idempotency-Key,
// with a failed-delivery phone), two returns (one to a UPI id, one to a bank account, with
// a comment and a photo) and a published review with a photo exports their data (returns and
// reviews included), then deletes the account. Afterwards EVERY collection of the database
// (listed with the Admin SDK, subcollections too) is searched for their name, email, phone,
// UPI id and account number, and the photos are gone.
import { randomBytes } from 'node:crypto';
import type { DocumentReference } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '@bagshop/domain';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { addAddress, createProduct, randomPng, type Envelope, type OrderJson } from '../support/commerce';
import { hostingUrl } from '../support/emulators';

type Ok<T> = { success: true; data: T };

let seller: TestUser;

beforeAll(async () => {
  seller = await createTestUser({ role: 'admin' });
  const settings = admin().db.doc('settings/seller');
  if (!(await settings.get()).exists) await settings.set({ ...DEMO_SELLER, updatedAt: new Date() });
  await settings.set({ returnWindowDays: 7 }, { merge: true });
});

/** Bytes fields (pictures) are left out of the text that is searched. */
function searchable(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (Buffer.isBuffer(v) || v instanceof Uint8Array) return '';
    if (v && typeof v === 'object' && (v as { type?: unknown }).type === 'Buffer') return '';
    return v;
  });
}

/** Every document of the database, subcollections included: its path and its data as text. */
async function everyDocument(): Promise<{ path: string; text: string }[]> {
  const db = admin().db;
  const out: { path: string; text: string }[] = [];
  let level: FirebaseFirestore.CollectionReference[] = await db.listCollections();
  while (level.length > 0) {
    const next: FirebaseFirestore.CollectionReference[] = [];
    for (const collection of level) {
      const refs: DocumentReference[] = await collection.listDocuments();
      for (let i = 0; i < refs.length; i += 50) {
        const chunk = refs.slice(i, i + 50);
        const [snaps, subs] = await Promise.all([
          chunk.length ? db.getAll(...chunk) : Promise.resolve([]),
          Promise.all(chunk.map((r) => r.listCollections())),
        ]);
        for (const s of snaps) out.push({ path: s.ref.path, text: s.exists ? searchable(s.data()) : '' });
        subs.forEach((list) => next.push(...list));
      }
    }
    level = next;
  }
  return out;
}

describe('erasure that erases, export that exports', { timeout: 240_000 }, () => {
  it('a shopper with an order, returns, a review and photos: the export holds them all; after deletion no collection holds their name, email, phone, UPI id or account number', async () => {
    const db = admin().db;
    const firstname = `Zerlina${randomBytes(3).toString('hex')}`;
    const shopper = await createTestUser({ firstname });
    const phone = shopper.phone ?? '';
    const phoneDigits = phone.slice(3);
    const upiId = `${firstname.toLowerCase()}@okicici`;
    const accountNumber = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
    const product = await createProduct(seller, { price: 1999, discount: 0, stock: 10 });
    const addressId = await addAddress(shopper.uid);

    // The order, with an Idempotency-Key (its first answer is stored), confirmed and delivered.
    const placed = await api<Envelope<OrderJson>>('order', {
      method: 'POST',
      token: shopper.idToken,
      headers: { 'Idempotency-Key': `erase-${randomBytes(6).toString('hex')}` },
      body: { paymentMethod: 'COD', addressId, productId: product._id, quantity: 2 },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data._id;
    expect((await api(`order/${orderId}/confirm-cod`, { method: 'POST', token: shopper.idToken, body: {} })).status).toBe(200);
    for (const status of ['confirmed', 'shipped', 'completed']) {
      const moved = await api(`order/${orderId}/status`, { method: 'PATCH', token: seller.idToken, body: { status } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    // A failed delivery attempt on the way, answered with a phone to call (the NDR's own tests place it through the courier).
    await db.doc(`orders/${orderId}`).set({ ndr: { status: 'closed', phone: phoneDigits, note: `Call ${firstname}` } }, { merge: true });
    const lineId = String((await db.doc(`orders/${orderId}`).get()).get('items.0.variantId') ?? product._id);

    // Return 1: damaged, with a photo, a comment and a UPI id.
    const form = new FormData();
    form.append('lines', JSON.stringify([{ lineId, quantity: 1 }]));
    form.append('reason', 'damaged');
    form.append('resolution', 'refund');
    form.append('refundTo', JSON.stringify({ upiId }));
    form.append('comment', `The zip is torn, call ${firstname} on ${phoneDigits}`);
    form.append('photos', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), 'p.png');
    const first = await api<Ok<{ return: { _id: string; photos: { hash: string }[] } }>>(`order/${orderId}/returns`, {
      method: 'POST',
      token: shopper.idToken,
      rawBody: form,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const returnPhoto = first.body.data.return.photos[0]?.hash ?? '';
    // Return 2: to a bank account in the shopper's name.
    const second = await api<Ok<{ return: { _id: string } }>>(`order/${orderId}/returns`, {
      method: 'POST',
      token: shopper.idToken,
      body: {
        lines: [{ lineId, quantity: 1 }],
        reason: 'changed_mind',
        resolution: 'refund',
        refundTo: { accountName: `${firstname} User`, accountNumber, ifsc: 'SBIN0001234' },
      },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    // Both decided (erasure waits for open returns): the first refunded and paid out to the UPI id, the second rejected.
    const n1 = first.body.data.return._id;
    for (const body of [
      { status: 'approved' },
      { status: 'pickup_scheduled', courier: 'Delhivery', awb: `RP${Date.now()}` },
      { status: 'picked_up' },
      { status: 'received', qualityCheck: 'passed' },
      { status: 'refunded' },
    ]) {
      const moved = await api(`admin/returns/${n1}`, { method: 'PATCH', token: seller.idToken, body });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const paid = await api(`admin/returns/${n1}/payout`, { method: 'POST', token: seller.idToken, body: { reference: 'UTR123456789' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const rejected = await api(`admin/returns/${second.body.data.return._id}`, {
      method: 'PATCH',
      token: seller.idToken,
      body: { status: 'rejected', note: 'Outside what the policy covers' },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    // The review, with a photo, published (after a look at the photo, if it was held for one).
    const reviewForm = new FormData();
    reviewForm.append('rating', '4');
    reviewForm.append('title', 'Good bag');
    reviewForm.append('text', 'Carried it on three trips; the zips and wheels held up well.');
    reviewForm.append('photos', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), 'r.png');
    const review = await api<Ok<{ _id: string; status: string; author: string; photos: { url: string; hash: string }[] }>>(
      `products/${product._id}/reviews`,
      { method: 'POST', token: shopper.idToken, rawBody: reviewForm },
    );
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    const reviewId = review.body.data._id;
    if (review.body.data.status !== 'published') {
      const published = await api(`admin/reviews/${reviewId}`, { method: 'PATCH', token: seller.idToken, body: { status: 'published' } });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
    }
    const reviewPhoto = review.body.data.photos[0]?.hash ?? '';
    expect(review.body.data.author).toContain(firstname);

    // The export has all of it.
    const exported = await api<
      Ok<{
        returns: { _id: string; comment: string; refundTo: unknown }[];
        reviews: { _id: string; title: string }[];
        orders: { _id: string }[];
      }>
    >('users/me/export', { token: shopper.idToken });
    expect(exported.status).toBe(200);
    expect(exported.body.data.orders.map((o) => o._id)).toEqual([orderId]);
    expect(exported.body.data.returns.map((r) => r._id).sort()).toEqual([n1, second.body.data.return._id].sort());
    expect(exported.body.data.returns.find((r) => r._id === n1)?.comment).toContain('The zip is torn');
    expect(exported.body.data.reviews.map((r) => r._id)).toEqual([reviewId]);

    // Before: the details are there to be found.
    const before = await everyDocument();
    for (const needle of [firstname, shopper.email, phoneDigits, upiId, accountNumber])
      expect(
        before.some((d) => d.text.includes(needle)),
        needle,
      ).toBe(true);

    const erased = await api<Ok<{ pseudonym: string }>>('users/me', {
      method: 'DELETE',
      token: shopper.idToken,
      body: { currentPassword: shopper.password },
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);

    const after = await everyDocument();
    const lower = (s: string) => s.toLowerCase();
    for (const needle of [firstname, shopper.email, phoneDigits, upiId, accountNumber]) {
      const found = after.filter((d) => lower(d.text).includes(lower(needle)) || lower(d.path).includes(lower(needle))).map((d) => d.path);
      expect(found, `${needle} is still in`).toEqual([]);
    }
    // The photos are gone, from the store and from the web.
    for (const hash of [returnPhoto, reviewPhoto]) {
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect((await db.doc(`productImages/${hash}`).get()).exists).toBe(false);
      expect((await fetch(`${await hostingUrl()}/api/images/${hash}`)).status).toBe(404);
    }
    // The review is no longer public and the product's rating no longer counts it.
    expect((await db.doc(`reviews/${reviewId}`).get()).exists).toBe(false);
    expect((await db.doc(`products/${product._id}`).get()).get('rating.count') ?? 0).toBe(0);
    // What the law keeps: the order and its invoice, the returns (the credit note of the refunded one), pseudonymised.
    const order = await db.doc(`orders/${orderId}`).get();
    expect(order.get('invoice.number')).toBeTruthy();
    const kept = await db.doc(`returns/${n1}`).get();
    expect(kept.get('creditNote.number')).toBeTruthy();
    expect(kept.get('refundPaise')).toBe(199900);
  });
});
