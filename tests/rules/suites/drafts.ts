// Drafts (docs/legal-metrology.md "Drafts"): a product not published is read by admins only,
// straight from Firestore as through the API. A shopper's list must say published == true; a
// product stored before `published` existed reads as published (decision 0035).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, query, updateDoc, where, type DocumentSnapshot, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { db, firstSnapshot, PERSONAS, rulesEnv, SEED } from '../support/env.ts';

const shoppers = PERSONAS.filter((p) => p !== 'admin (claim)');
const published = (fs: Firestore) => query(collection(fs, 'products'), where('published', '==', true));

export function describeDrafts(): void {
  describe('drafts: only admins read an unpublished product', () => {
    it.each(shoppers)('%s cannot get a draft, nor list the products unfiltered', async (persona) => {
      const fs = db(persona);
      await assertFails(getDoc(doc(fs, 'products', SEED.draft)));
      await assertFails(getDocs(collection(fs, 'products')));
      await assertFails(getDocs(query(collection(fs, 'products'), where('category', '==', 'duffles'))));
      await assertFails(getDocs(query(collection(fs, 'products'), where('published', '==', false))));
    });

    it.each(shoppers)(
      '%s gets a published product and one stored before `published`, and lists where published == true',
      async (persona) => {
        const fs = db(persona);
        expect((await assertSucceeds(getDoc(doc(fs, 'products', SEED.product)))).get('name')).toBe('Trolley 55');
        expect((await assertSucceeds(getDoc(doc(fs, 'products', SEED.legacyProduct)))).get('name')).toBe('Old Backpack');
        const listed = await assertSucceeds(getDocs(published(fs)));
        expect(listed.docs.map((d) => d.id)).toEqual([SEED.product]);
      },
    );

    it('an admin gets a draft and lists every product', async () => {
      const fs = db('admin (claim)');
      expect((await assertSucceeds(getDoc(doc(fs, 'products', SEED.draft)))).get('published')).toBe(false);
      const all = await assertSucceeds(getDocs(collection(fs, 'products')));
      expect(all.docs.map((d) => d.id).sort()).toEqual([SEED.draft, SEED.legacyProduct, SEED.product].sort());
    });

    it("the cart's live read of a product made a draft stops with permission-denied (the cart shows it unavailable)", async () => {
      const fs = db('shopper A');
      const before = (await assertSucceeds(firstSnapshot(doc(fs, 'products', SEED.product)))) as DocumentSnapshot;
      expect(before.get('published')).toBe(true);
      await rulesEnv().withSecurityRulesDisabled(async (ctx) => {
        await updateDoc(doc(ctx.firestore() as unknown as Firestore, 'products', SEED.product), { published: false });
      });
      await expect(firstSnapshot(doc(fs, 'products', SEED.product))).rejects.toMatchObject({ code: 'permission-denied' });
    });
  });
}
