// Reviews (docs/reviews.md): published reviews are public; a held or rejected one only its
// author reads; no client writes a review, a vote or a request marker.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where, type Firestore } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { db, PERSONAS, rulesEnv, SEED, UID, type Persona } from '../support/env.ts';

const REVIEW = { published: `${SEED.product}_${UID.shopperB}`, held: `${SEED.product}_${UID.shopperA}` };

function review(userId: string, status: string) {
  return { productId: SEED.product, userId, author: 'Rules R.', rating: 2, title: 'Wobbly wheels', text: 'x'.repeat(30), status };
}

async function seedReviews(): Promise<void> {
  await rulesEnv().withSecurityRulesDisabled(async (ctx) => {
    const fs = ctx.firestore() as unknown as Firestore;
    await Promise.all([
      setDoc(doc(fs, 'reviews', REVIEW.published), review(UID.shopperB, 'published')),
      setDoc(doc(fs, 'reviews', REVIEW.held), review(UID.shopperA, 'held')),
      setDoc(doc(fs, 'reviews', REVIEW.published, 'helpful', UID.shopperA), { at: new Date() }),
      setDoc(doc(fs, 'reviewRequests', SEED.orderOfA), { orderId: SEED.orderOfA, uid: UID.shopperA }),
    ]);
  });
}

export function describeReviews(): void {
  describe('reviews', () => {
    for (const persona of PERSONAS) {
      it(`${persona}: reads a published review`, async () => {
        await seedReviews();
        await assertSucceeds(getDoc(doc(db(persona), 'reviews', REVIEW.published)));
      });

      const mayReadHeld: readonly Persona[] = ['shopper A'];
      it(`${persona}: ${mayReadHeld.includes(persona) ? 'reads' : 'cannot read'} shopper A's held review`, async () => {
        await seedReviews();
        const read = getDoc(doc(db(persona), 'reviews', REVIEW.held));
        await (mayReadHeld.includes(persona) ? assertSucceeds(read) : assertFails(read));
      });

      it(`${persona}: never writes a review, a vote or a request marker`, async () => {
        await seedReviews();
        const fs = db(persona);
        await assertFails(setDoc(doc(fs, 'reviews', `${SEED.product}_${persona}`), review(UID.shopperA, 'published')));
        await assertFails(updateDoc(doc(fs, 'reviews', REVIEW.held), { status: 'published' }));
        await assertFails(updateDoc(doc(fs, 'reviews', REVIEW.published), { rating: 5 }));
        await assertFails(deleteDoc(doc(fs, 'reviews', REVIEW.held)));
        await assertFails(setDoc(doc(fs, 'reviews', REVIEW.published, 'helpful', 'someone'), { at: new Date() }));
        await assertFails(getDoc(doc(fs, 'reviews', REVIEW.published, 'helpful', UID.shopperA)));
        await assertFails(getDoc(doc(fs, 'reviewRequests', SEED.orderOfA)));
      });
    }

    it('a list must ask for published reviews only (or the author’s own)', async () => {
      await seedReviews();
      const reviews = collection(db('anonymous'), 'reviews');
      await assertSucceeds(getDocs(query(reviews, where('productId', '==', SEED.product), where('status', '==', 'published'))));
      await assertFails(getDocs(query(reviews, where('productId', '==', SEED.product))));
      const mine = collection(db('shopper A'), 'reviews');
      await assertSucceeds(getDocs(query(mine, where('userId', '==', UID.shopperA))));
      await assertFails(getDocs(query(mine, where('userId', '==', UID.shopperB), where('status', '==', 'held'))));
    });
  });
}
