// The demo offers (docs/offers.md): the code WELCOME10 (10 % off a shopper's first order) and an
// automatic "5 % off when you pay online". `npm start` seeds both; the test stages seed only the
// code, so the automatic offer never changes the totals other tests expect (decision 0027).
import { Timestamp, type Firestore } from 'firebase-admin/firestore';

export const DEMO_OFFER_DATES = {
  startsAt: Timestamp.fromDate(new Date('2026-10-31T18:30:00.000Z')), // 1 Nov 2026, 00:00 IST
  endsAt: Timestamp.fromDate(new Date('2027-03-31T18:29:59.999Z')), // 31 Mar 2027, 23:59:59 IST
};

const base = {
  maxDiscount: null,
  minOrder: null,
  appliesTo: null,
  usageLimit: null,
  perCustomerLimit: null,
  combinable: true,
  createdBy: 'seed',
  ...DEMO_OFFER_DATES,
};

export async function seedOffers(db: Firestore, options: { automatic: boolean }): Promise<void> {
  const now = Timestamp.now();
  await db.doc('offers/demo-welcome10').set({
    ...base,
    code: 'WELCOME10',
    automatic: false,
    title: 'Welcome: 10 % off your first order',
    kind: 'percent',
    value: 10,
    firstOrderOnly: true,
    paymentMethods: [],
    createdAt: now,
    updatedAt: now,
  });
  await db.doc('offerCodes/WELCOME10').set({ offerId: 'demo-welcome10' });
  const prepaid = db.doc('offers/demo-prepaid5');
  if (!options.automatic) {
    await prepaid.delete();
    return;
  }
  await prepaid.set({
    ...base,
    code: null,
    automatic: true,
    title: 'Pay online: extra 5 % off',
    kind: 'percent',
    value: 5,
    maxDiscount: 500,
    firstOrderOnly: false,
    paymentMethods: ['ONLINE'],
    createdAt: now,
    updatedAt: now,
  });
}
