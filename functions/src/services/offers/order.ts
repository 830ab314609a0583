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
  codeRef,
  isFirstOrder,
  offerOf,
  offersCol,
  offerUseRef,
  readAutomaticOffers,
  readCustomerUses,
  readOfferByCode,
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

/** The ids of the automatic offers now, read before the order's transaction (a query inside it would lock every offer). */
export async function automaticOfferIds(now: Date): Promise<string[]> {
  return (await readAutomaticOffers(now)).map((o) => o._id);
}

/**
 * Outside any transaction: the code in the shopper's cart (null: none) and, when its
 * `usageLimit` is reached, the 409 that refuses it. Asked before the order's transaction (a
 * code already used up refuses at once, without contending for its offer) and after a
 * transaction given up for contention: many orders racing for the last uses of a code abort
 * each other, and a loser must hear that the code is used up, not "try again".
 */
export async function cartCodeState(uid: string): Promise<{ code: string | null; usedUp: HttpError | null }> {
  const coupon = await cartCouponRef(uid).get();
  const code = coupon.get('code');
  if (!coupon.exists || typeof code !== 'string') return { code: null, usedUp: null };
  const offer = await readOfferByCode(code);
  const full = offer !== null && offer.usageLimit !== null && offer.usedCount >= offer.usageLimit;
  return { code, usedUp: full ? new HttpError(offerProblemStatus(OFFER_MESSAGES.fullyUsed), OFFER_MESSAGES.fullyUsed) : null };
}

/**
 * Reads the automatic offers and, for a cart order (`withCode`), the shopper's code; checks
 * them and prices the lines. A code whose rules no longer hold refuses the order (400/409 with
 * its message): the shopper sees why and nothing is taken. A Buy Now order takes the automatic
 * offers but no code (docs/offers.md "Buy Now").
 */

export async function prepareOrderOffers(
  tx: Transaction,
  uid: string,
  lines: readonly PricingLine[],
  paymentMethod: PaymentMethod,
  now: Date,
  /** Cart orders use the code applied in the cart; Buy Now orders do not. */
  withCode: boolean,
  /** From `automaticOfferIds`, read before the transaction. */
  automaticIds: readonly string[],
): Promise<PreparedOrderOffers> {
  const couponSnap = withCode ? await tx.get(cartCouponRef(uid)) : null;
  const code = couponSnap?.exists && typeof couponSnap.get('code') === 'string' ? String(couponSnap.get('code')) : null;
  const link = code ? await tx.get(codeRef(code)) : null;
  const codeOfferId = link?.exists && typeof link.get('offerId') === 'string' ? String(link.get('offerId')) : null;
  if (code && !codeOfferId) throw new HttpError(400, OFFER_MESSAGES.unknown);
  const ids = [...new Set([...(codeOfferId ? [codeOfferId] : []), ...automaticIds])];
  if (ids.length === 0)
    return {
      priced: priceWithOffers(lines, null, [], { now, paymentMethod, firstOrder: false, customerUses: {} }),
      offers: [],
      apply: (tx) => {
        if (couponSnap?.exists) tx.delete(cartCouponRef(uid));
      },
    };
  const firstOrder = await isFirstOrder(uid, tx);
  const customerUses = await readCustomerUses(uid, ids, tx);
  // The offers last: concurrent orders contend for them (a code's last uses), so this
  // transaction holds them for the shortest time.
  const snaps = await tx.getAll(...ids.map((id) => offersCol().doc(id)));
  const read = snaps.filter((s) => s.exists).map(offerOf);
  const codeOffer = codeOfferId ? (read.find((o) => o._id === codeOfferId) ?? null) : null;
  if (code && !codeOffer) throw new HttpError(400, OFFER_MESSAGES.unknown);
  const automatic = read.filter((o) => o._id !== codeOfferId && o.code === null && new Date(o.endsAt).getTime() > now.getTime());
  const all: Offer[] = codeOffer ? [codeOffer, ...automatic] : automatic;
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
      if (couponSnap?.exists) tx.delete(cartCouponRef(uid));
    },
  };
}

/**
 * Giving an order's offer uses back, once (`offerUsesReleasedAt`): the offer's count and
 * discount given, and the shopper's use. Reads now (inside `tx`); the returned function only
 * writes and answers the order's fields to set. null when there is nothing to give back.
 */
export async function prepareOfferRelease(
  tx: Transaction,
  order: DocumentData,
  now: Timestamp,
): Promise<((tx: Transaction) => Record<string, unknown>) | null> {
  const used = Array.isArray(order.offers) ? (order.offers as OrderOffer[]) : [];
  if (used.length === 0 || order.offerUsesReleasedAt) return null;
  const uid = String(order.userId ?? '');
  const offerSnaps = await tx.getAll(...used.map((o) => offersCol().doc(o.offerId)));
  const useSnaps = await tx.getAll(...used.map((o) => offerUseRef(o.offerId, uid)));
  return (tx) => {
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
      if (use?.exists) tx.update(use.ref, { count: Math.max(0, Number(use.get('count') ?? 0) - 1), updatedAt: now });
    });
    return { offerUsesReleasedAt: now };
  };
}

/** A cancelled order (or one returned to origin) gives its offers' uses back. */
export const releaseOfferUses: Effect = {
  name: 'release-offer-uses',
  async prepare(tx, ctx) {
    if (!endsUndelivered(ctx.to)) return null;
    const release = await prepareOfferRelease(tx, ctx.order, ctx.now);
    return release ? { apply: release } : null;
  },
};
