// The reads the SPA really makes (docs/firestore-reads.md), one test each, written the
// way the SPA writes them: live listeners, same paths, same query shapes.
import { assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, limit, orderBy, query, where, type DocumentSnapshot, type QuerySnapshot } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { db, firstSnapshot, SEED, UID } from '../support/env.ts';

const asQuery = (snap: unknown) => snap as QuerySnapshot;
const asDoc = (snap: unknown) => snap as DocumentSnapshot;

export function describeSpaReads(): void {
  describe('the SPA reads in docs/firestore-reads.md all succeed', () => {
    it('R1 shopper: own cart, live — collection(db, "users", uid, "cart")', async () => {
      const fs = db('shopper A');
      const snap = asQuery(await assertSucceeds(firstSnapshot(collection(fs, 'users', UID.shopperA, 'cart'))));
      expect(snap.docs.map((d) => [d.id, d.get('quantity')])).toEqual([[SEED.product, 2]]);
    });

    it('R1b shopper: the products in the cart, live — doc(db, "products", id), a deleted one included', async () => {
      const fs = db('shopper A');
      const snap = asDoc(await assertSucceeds(firstSnapshot(doc(fs, 'products', SEED.product))));
      expect(snap.get('price')).toBe(4999);
      const gone = asDoc(await assertSucceeds(firstSnapshot(doc(fs, 'products', 'deleted-product'))));
      expect(gone.exists()).toBe(false);
    });

    it('R2 shopper: own orders, live — where userId == uid, orderBy createdAt desc, limit 50', async () => {
      const fs = db('shopper A');
      const q = query(collection(fs, 'orders'), where('userId', '==', UID.shopperA), orderBy('createdAt', 'desc'), limit(50));
      const snap = asQuery(await assertSucceeds(firstSnapshot(q)));
      expect(snap.docs.map((d) => d.id)).toEqual([SEED.orderOfA]);
    });

    it('R3 shopper: one own order, live — doc(db, "orders", id)', async () => {
      const snap = asDoc(await assertSucceeds(firstSnapshot(doc(db('shopper A'), 'orders', SEED.orderOfA))));
      expect(snap.get('userId')).toBe(UID.shopperA);
    });

    it('R4 signed-in user: own profile, live — doc(db, "users", uid)', async () => {
      const snap = asDoc(await assertSucceeds(firstSnapshot(doc(db('shopper A'), 'users', UID.shopperA))));
      expect(snap.get('email')).toBe(`${UID.shopperA}@rules.test`);
    });

    it('R5 shopper: own saved addresses, live — collection(db, "users", uid, "addresses")', async () => {
      const snap = asQuery(await assertSucceeds(firstSnapshot(collection(db('shopper A'), 'users', UID.shopperA, 'addresses'))));
      expect(snap.docs.map((d) => d.id)).toEqual([SEED.addressOfA]);
    });

    it('R6 admin: All Orders table, live — orderBy createdAt desc, limit 100', async () => {
      const q = query(collection(db('admin (claim)'), 'orders'), orderBy('createdAt', 'desc'), limit(100));
      const snap = asQuery(await assertSucceeds(firstSnapshot(q)));
      expect(snap.docs.map((d) => d.id)).toEqual([SEED.orderOfB, SEED.orderOfA]);
    });

    it('R7 admin: All Orders filtered by status, live — where status ==, orderBy createdAt desc, limit 100', async () => {
      const q = query(
        collection(db('admin (claim)'), 'orders'),
        where('status', '==', 'pending'),
        orderBy('createdAt', 'desc'),
        limit(100),
      );
      const snap = asQuery(await assertSucceeds(firstSnapshot(q)));
      expect(snap.docs.map((d) => d.id)).toEqual([SEED.orderOfA]);
    });

    it('R8 admin: any one order, live — doc(db, "orders", id)', async () => {
      const snap = asDoc(await assertSucceeds(firstSnapshot(doc(db('admin (claim)'), 'orders', SEED.orderOfA))));
      expect(snap.get('userId')).toBe(UID.shopperA);
    });

    it('R9 admin: a customer\'s profile — doc(db, "users", uid)', async () => {
      const snap = asDoc(await assertSucceeds(firstSnapshot(doc(db('admin (claim)'), 'users', UID.shopperA))));
      expect(snap.get('role')).toBe('customer');
    });
  });
}
