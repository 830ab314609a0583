// Warranty (docs/warranty.md): warranties and claims are written by the function only (registration
// at delivery, POST /api/warranty/{id}/claims, the admin's moves) and read through the API, so no
// client reads or writes a warranty or a claim, not even its owner.
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where, type Firestore } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, PERSONAS, personaUid, rulesEnv, SEED, UID } from '../support/env.ts';

const WARRANTY_ID = `${SEED.orderOfA}-1-1`;
const CLAIM_ID = 'WAR-2026-00001';

async function seed(): Promise<void> {
  await rulesEnv().withSecurityRulesDisabled(async (ctx) => {
    const fs = ctx.firestore() as unknown as Firestore;
    await setDoc(doc(fs, 'warranties', WARRANTY_ID), { userId: UID.shopperA, orderId: SEED.orderOfA, openClaim: CLAIM_ID });
    await setDoc(doc(fs, 'warrantyClaims', CLAIM_ID), { userId: UID.shopperA, warrantyId: WARRANTY_ID, status: 'submitted' });
  });
}

async function stored(): Promise<unknown> {
  let data: unknown;
  await rulesEnv().withSecurityRulesDisabled(async (ctx) => {
    const fs = ctx.firestore() as unknown as Firestore;
    data = {
      warranty: (await getDoc(doc(fs, 'warranties', WARRANTY_ID))).data() ?? null,
      claim: (await getDoc(doc(fs, 'warrantyClaims', CLAIM_ID))).data() ?? null,
      other: (await getDoc(doc(fs, 'warrantyClaims', 'WAR-2026-00002'))).data() ?? null,
    };
  });
  return data;
}

export function describeWarranty(): void {
  describe('warranty: API only', () => {
    beforeEach(async () => seed());

    it.each(PERSONAS.map((persona) => ({ persona })))(
      '$persona cannot read a warranty or a claim, not even their own',
      async ({ persona }) => {
        const fs = db(persona);
        await assertFails(getDoc(doc(fs, 'warranties', WARRANTY_ID)));
        await assertFails(getDoc(doc(fs, 'warrantyClaims', CLAIM_ID)));
        await assertFails(getDocs(query(collection(fs, 'warrantyClaims'), where('userId', '==', personaUid[persona] ?? UID.shopperA))));
      },
    );

    it.each(PERSONAS.map((persona) => ({ persona })))('$persona cannot file, move or delete a claim', async ({ persona }) => {
      const fs = db(persona);
      const before = await stored();
      await assertFails(
        setDoc(doc(fs, 'warrantyClaims', 'WAR-2026-00002'), {
          userId: personaUid[persona] ?? UID.shopperA,
          warrantyId: WARRANTY_ID,
          status: 'approved',
        }),
      );
      await assertFails(updateDoc(doc(fs, 'warrantyClaims', CLAIM_ID), { status: 'replaced' }));
      await assertFails(deleteDoc(doc(fs, 'warrantyClaims', CLAIM_ID)));
      await assertFails(updateDoc(doc(fs, 'warranties', WARRANTY_ID), { openClaim: null, endsAt: new Date('2099-01-01') }));
      expect(await stored()).toEqual(before);
    });
  });
}
