/**
 * Offers in the order transaction (docs/offers.md): everything is checked again on what the
 * transaction reads, and the use is counted in the same transaction, so a code with
 * `usageLimit` 5 is used by exactly 5 orders however many arrive at once. Two-phase, as every
 * Firestore transaction: `prepareOrderOffers` only reads; `apply` only writes.
 */
import {
  endsUndelivered,
  OFFER_MESSAGES,
  offerProblem,
  offerProblemStatus,
  priceWithOffers,
  type Offer,
  type OrderOffer,
  type PaymentMethod,
  type PricingLine,
  type PricedOffers,
} from '@bagshop/domain';
import type { DocumentData, Timestamp, Transaction } from 'firebase-admin/firestore';
import { HttpError } from '../../lib/errors.js';
import {
  cartCouponRef,
  isFirstOrder,
  offerOf,
  offersCol,
  offerUseRef,
  readAutomaticOffers,
  readCustomerUses,
  readOfferByCode,
  rereadOffers,
} from './store.js';

/** The parts of order-transition.ts's TransitionEffect this uses (structural: no import cycle). */
interface MoveContext {
  order: DocumentData;
  to: Parameters<typeof endsUndelivered>[0];
  now: Timestamp;
}
interface Effect {
  name: string;
  prepare(tx: Transaction, ctx: MoveContext): Promise<{ apply(tx: Transaction): Record<string, unknown> } | null>;
}

export interface PreparedOrderOffers {
  priced: PricedOffers;
  /** What the order document keeps. */
  offers: OrderOffer[];
  /** Counts the uses and takes the code out of the cart; writes only. */
  apply(tx: Transaction, orderId: string): void;
}

/**
 * Reads the shopper's code and the automatic offers (cart orders only: a Buy Now order takes
 * no offers, as the cart's pricing is not what it orders), checks them, and prices the lines. A code whose rules no longer hold
 * refuses the order (400/409 with its message): the shopper sees why and nothing is taken.
 */
/** The ids of the automatic offers now, read before the order's transaction (a query inside it would lock every offer). */
export async function automaticOfferIds(now: Date): Promise<string[]> {
  return (await readAutomaticOffers(now)).map((o) => o._id);
}

export async function prepareOrderOffers(
  tx: Transaction,
  uid: string,
  lines: readonly PricingLine[],
  paymentMethod: PaymentMethod,
  now: Date,
  withOffers: boolean,
  /** From `automaticOfferIds`, read before the transaction. */
  automaticIds: readonly string[],
): Promise<PreparedOrderOffers> {
  if (!withOffers)
    return {
      priced: priceWithOffers(lines, null, [], { now, paymentMethod, firstOrder: false, customerUses: {} }),
      offers: [],
      apply: () => undefined,
    };
  const couponSnap = await tx.get(cartCouponRef(uid));
  const code = couponSnap.exists && typeof couponSnap.get('code') === 'string' ? String(couponSnap.get('code')) : null;
  const codeOffer = code ? await readOfferByCode(code, tx) : null;
  if (code && !codeOffer) throw new HttpError(400, OFFER_MESSAGES.unknown);
  const automatic = await rereadOffers(tx, automaticIds, now);
  const all: Offer[] = codeOffer ? [codeOffer, ...automatic] : automatic;
  const [firstOrder, customerUses] = [
    await isFirstOrder(uid, tx),
    await readCustomerUses(
      uid,
      all.map((o) => o._id),
      tx,
    ),
  ];
  const ctx = { now, paymentMethod, firstOrder, customerUses };
  if (codeOffer) {
    const problem = offerProblem(codeOffer, lines, ctx);
    if (problem) throw new HttpError(offerProblemStatus(problem), problem);
  }
  const priced = priceWithOffers(lines, codeOffer, automatic, ctx);
  const byId = new Map(all.map((o) => [o._id, o]));
  const offers: OrderOffer[] = priced.discounts.map((d) => ({
    offerId: d.offerId,
    code: d.code ?? null,
    title: d.title,
    amountPaise: d.amountPaise,
  }));
  return {
    priced,
    offers,
    apply(tx) {
      for (const d of priced.discounts) {
        const offer = byId.get(d.offerId) as Offer;
        tx.update(offersCol().doc(d.offerId), {
          usedCount: offer.usedCount + 1,
          discountGivenPaise: offer.discountGivenPaise + d.amountPaise,
        });
        tx.set(offerUseRef(d.offerId, uid), { offerId: d.offerId, uid, count: (customerUses[d.offerId] ?? 0) + 1, updatedAt: now });
      }
      if (couponSnap.exists) tx.delete(cartCouponRef(uid));
    },
  };
}

/**
 * A cancelled order (or one returned to origin) gives its offers' uses back, once
 * (`offerUsesReleasedAt`): the offer's count and discount given, and the shopper's use.
 */
export const releaseOfferUses: Effect = {
  name: 'release-offer-uses',
  async prepare(tx, ctx) {
    const used = Array.isArray(ctx.order.offers) ? (ctx.order.offers as OrderOffer[]) : [];
    if (!endsUndelivered(ctx.to) || used.length === 0 || ctx.order.offerUsesReleasedAt) return null;
    const uid = String(ctx.order.userId ?? '');
    const offerSnaps = await tx.getAll(...used.map((o) => offersCol().doc(o.offerId)));
    const useSnaps = await tx.getAll(...used.map((o) => offerUseRef(o.offerId, uid)));
    return {
      apply(tx) {
        used.forEach((o, i) => {
          const snap = offerSnaps[i];
          if (snap?.exists) {
            const offer = offerOf(snap);
            tx.update(snap.ref, {
              usedCount: Math.max(0, offer.usedCount - 1),
              discountGivenPaise: Math.max(0, offer.discountGivenPaise - o.amountPaise),
            });
          }
          const use = useSnaps[i];
          if (use?.exists) tx.update(use.ref, { count: Math.max(0, Number(use.get('count') ?? 0) - 1), updatedAt: ctx.now });
        });
        return { offerUsesReleasedAt: ctx.now };
      },
    };
  },
};
