// A demoted admin's direct Firestore reads stop at once (docs/accounts-privacy.md): the token
// still carries the admin claim for up to an hour, but demotion deletes admins/{uid} and the
// rules need both.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, type Firestore } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { db, rulesEnv, SEED, UID } from '../support/env.ts';

export function describeDemotion(): void {
  describe('demotion: admins/{uid} removed by the server', () => {
    it("the same admin token reads another user's order and the order list before, and is denied at once after", async () => {
      const fs = db('admin (claim)');
      await assertSucceeds(getDoc(doc(fs, 'orders', SEED.orderOfB)));
      await assertSucceeds(getDocs(query(collection(fs, 'orders'), orderBy('createdAt', 'desc'), limit(20))));
      await rulesEnv().withSecurityRulesDisabled(async (ctx) => {
        await deleteDoc(doc(ctx.firestore() as unknown as Firestore, 'admins', UID.admin));
      });
      await assertFails(getDoc(doc(fs, 'orders', SEED.orderOfB)));
      await assertFails(getDocs(query(collection(fs, 'orders'), orderBy('createdAt', 'desc'), limit(20))));
      await assertFails(getDoc(doc(fs, 'users', UID.shopperB)));
    });
  });
}
