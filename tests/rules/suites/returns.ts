// Returns (docs/returns.md): the function writes them and the SPA reads them through the API
// (GET /api/order/{id}/returns), so no client reads or writes a return, not even its owner, and
// nobody writes the units a return claims on an order.
import { assertFails } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, getDocs, collection, query, setDoc, updateDoc, where, type Firestore } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, PERSONAS, personaUid, rulesEnv, SEED, UID } from '../support/env.ts';

const RETURN_ID = 'RET-2026-00001';

async function seedReturn(): Promise<void> {
  await rulesEnv().withSecurityRulesDisabled(async (ctx) => {
    const fs = ctx.firestore() as unknown as Firestore;
    await setDoc(doc(fs, 'returns', RETURN_ID), {
      number: RETURN_ID,
      orderId: SEED.orderOfA,
      userId: UID.shopperA,
      status: 'requested',
      lines: [{ lineId: SEED.product, quantity: 1, refundPaise: 449900 }],
      refundPaise: 449900,
    });
  });
}

async function stored(): Promise<unknown> {
  let data: unknown;
  await rulesEnv().withSecurityRulesDisabled(async (ctx) => {
    const fs = ctx.firestore() as unknown as Firestore;
    data = {
      ret: (await getDoc(doc(fs, 'returns', RETURN_ID))).data() ?? null,
      other: (await getDoc(doc(fs, 'returns', 'RET-2026-00002'))).data() ?? null,
      order: (await getDoc(doc(fs, 'orders', SEED.orderOfA))).data() ?? null,
    };
  });
  return data;
}

export function describeReturns(): void {
  describe('returns: API only', () => {
    beforeEach(async () => seedReturn());

    it.each(PERSONAS.map((persona) => ({ persona })))('$persona cannot read a return, not even their own', async ({ persona }) => {
      const fs = db(persona);
      await assertFails(getDoc(doc(fs, 'returns', RETURN_ID)));
      await assertFails(getDocs(query(collection(fs, 'returns'), where('userId', '==', personaUid[persona] ?? UID.shopperA))));
    });

    it.each(PERSONAS.map((persona) => ({ persona })))('$persona cannot create, change or delete a return', async ({ persona }) => {
      const fs = db(persona);
      const before = await stored();
      await assertFails(
        setDoc(doc(fs, 'returns', 'RET-2026-00002'), {
          orderId: SEED.orderOfA,
          userId: personaUid[persona] ?? UID.shopperA,
          status: 'approved',
          refundPaise: 1,
        }),
      );
      await assertFails(updateDoc(doc(fs, 'returns', RETURN_ID), { status: 'refunded', refundPaise: 99_999_999 }));
      await assertFails(deleteDoc(doc(fs, 'returns', RETURN_ID)));
      await assertFails(updateDoc(doc(fs, 'orders', SEED.orderOfA), { returnUnits: {}, 'payment.refundedPaise': 0 }));
      expect(await stored()).toEqual(before);
    });
  });
}
