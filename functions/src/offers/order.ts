/**
 * Offers in the order transaction (docs/offers.md): everything is checked again on what the
 * transaction reads, and the use is recorded in the same transaction. A code with `usageLimit`
 * 5 is used by exactly 5 orders however many arrive at once: each order first claims one of its
 * 5 places (`claimOrderOffers`, uses.ts: an atomic create, no transaction, so racing orders
 * never abort each other), and its transaction turns the claim into the use. Two-phase, as every
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
  type EmiChoice,
  withNoCostEmi,
} from '@bagshop/domain';
import type { DocumentData, DocumentSnapshot, Timestamp, Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { conflict, HttpError } from '../lib/errors.js';
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
import { claimHeld, claimUse, releaseClaim, useFields, useRef, type UseClaim } from './uses.js';

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

/** Said when the cart's code changed between the claim and the transaction (another tab): sending again claims for the new one. */
const CODE_CHANGED = 'Too many people are ordering this right now, please try again';

export interface PreparedOrderOffers {
  priced: PricedOffers;
  /** What the order document keeps. */
  offers: OrderOffer[];
  /** offerId → the key of the order's document in `offers/{offerId}/uses` (the order keeps it, to give the use back). */
  useKeys: Record<string, string>;
  /** Records the uses and takes the code out of the cart; writes only. */
  apply(tx: Transaction): void;
  /**
   * Adds the no-cost EMI discount of the chosen card EMI plan when an offer covers it (issue 43,
   * domain/src/no-cost-emi.ts), worked on the goods after the other offers plus `feePaise`;
   * updates `priced`, `offers` and `useKeys`. Call before `apply`. Answers the offer applied, or null.
   */
  addNoCostEmi(choice: EmiChoice | null, feePaise: number): { offerId: string; discountPaise: number } | null;
}

/** The places an order holds while it is being placed (uses.ts). */
export interface OfferClaims {
  /** offerId → the place claimed. */
  held: ReadonlyMap<string, UseClaim>;
  /** The offer of the cart's code when the places were claimed (null: none). */
  codeOfferId: string | null;
  /** Frees the places the placed order did not use (`used`: its offers), or every place (null: not placed). */
  release(used: readonly OrderOffer[] | null): Promise<void>;
}

/** The automatic offers now, read before the order's transaction (a query inside it would lock every offer). */
export function automaticOffers(now: Date): Promise<Offer[]> {
  return readAutomaticOffers(now);
}

function inDates(offer: Offer, now: Date): boolean {
  return new Date(offer.startsAt).getTime() <= now.getTime() && now.getTime() < new Date(offer.endsAt).getTime();
}

function allowsMethod(offer: Offer, method: PaymentMethod): boolean {
  return offer.paymentMethods.length === 0 || offer.paymentMethods.includes(method);
}

const fullyUsed = () => new HttpError(offerProblemStatus(OFFER_MESSAGES.fullyUsed), OFFER_MESSAGES.fullyUsed);

/**
 * Before the order's transaction, outside any: a place for each limited offer the order may
 * use. The cart's code (`withCode`): none left refuses the order at once with 409 "This code
 * has been fully used", nothing taken. A limited automatic offer in its dates and for this
 * payment method: none left, it does not apply. Offers without a limit need no place.
 */
export async function claimOrderOffers(
  uid: string,
  orderId: string,
  opts: { withCode: boolean; automatic: readonly Offer[]; paymentMethod: PaymentMethod; now: Date },
): Promise<OfferClaims> {
  const coupon = opts.withCode ? await cartCouponRef(uid).get() : null;
  const code = coupon?.exists && typeof coupon.get('code') === 'string' ? String(coupon.get('code')) : null;
  const codeOffer = code ? await readOfferByCode(code) : null;
  const limited = (o: Offer | null): o is Offer => o !== null && o.usageLimit !== null && inDates(o, opts.now);
  const wanted = [
    ...(limited(codeOffer) ? [codeOffer] : []),
    ...opts.automatic.filter((o) => limited(o) && allowsMethod(o, opts.paymentMethod) && o._id !== codeOffer?._id),
  ];
  const results = await Promise.all(wanted.map((o) => claimUse(o, orderId)));
  const held = new Map<string, UseClaim>();
  results.forEach((claim, i) => {
    if (claim) held.set((wanted[i] as Offer)._id, claim);
  });
  const claims: OfferClaims = {
    held,
    codeOfferId: codeOffer?._id ?? null,
    async release(used) {
      const keep = new Set((used ?? []).map((o) => o.offerId));
      const free = [...held.values()].filter((c) => !keep.has(c.offerId));
      await Promise.all(
        free.map((c) =>
          // Never fails the answer: a place left claimed goes stale and is taken over (uses.ts).
          releaseClaim(c).catch((error: unknown) =>
            logger.warn('offer_claim_not_freed', {
              offerId: c.offerId,
              key: c.key,
              error: error instanceof Error ? error.message : String(error),
            }),
          ),
        ),
      );
    },
  };
  if (limited(codeOffer) && !held.has(codeOffer._id)) {
    await claims.release(null);
    throw fullyUsed();
  }
  return claims;
}

/** What the order document keeps of its discounts. */
const toOrderOffers = (p: PricedOffers): OrderOffer[] =>
  p.discounts.map((d) => ({
    offerId: d.offerId,
    ...(d.kind ? { kind: d.kind } : {}),
    code: d.code ?? null,
    title: d.title,
    amountPaise: d.amountPaise,
  }));

/**
 * Reads the automatic offers and, for a cart order (`withCode`), the shopper's code; checks
 * them and prices the lines. A code whose rules no longer hold refuses the order (400/409 with
 * its message): the shopper sees why and nothing is taken. A Buy Now order takes the automatic
 * offers but no code (docs/offers.md "Buy Now"). An offer with a `usageLimit` counts as used up
 * for this order unless the order still holds the place it claimed (`claims`): the claim is
 * the limit's judge, read here so the place cannot be lost between the claim and the order.
 */
export async function prepareOrderOffers(
  tx: Transaction,
  uid: string,
  orderId: string,
  lines: readonly PricingLine[],
  paymentMethod: PaymentMethod,
  now: Date,
  /** Cart orders use the code applied in the cart; Buy Now orders do not. */
  withCode: boolean,
  /** From `automaticOffers`, read before the transaction. */
  automaticIds: readonly string[],
  /** From `claimOrderOffers`, before the transaction. */
  claims: OfferClaims,
  /** The buyer's verified phone: a first-order offer needs one, and counts per phone (store.ts `isFirstOrder`). */
  verifiedPhone: string | null,
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
      useKeys: {},
      apply: (tx) => {
        if (couponSnap?.exists) tx.delete(cartCouponRef(uid));
      },
      addNoCostEmi: () => null,
    };
  const customerUses = await readCustomerUses(uid, ids, tx);
  // Read, never written here: orders do not contend for an offer document.
  const snaps = await tx.getAll(...ids.map((id) => offersCol().doc(id)));
  // The orders queries only when a first-order offer is in play: they are the heavier reads.
  const firstOrder = snaps.some((o) => o.exists && o.get('firstOrderOnly') === true) ? await isFirstOrder(uid, verifiedPhone) : false;
  const claimed = [...claims.held.values()];
  const claimSnaps: DocumentSnapshot[] = claimed.length > 0 ? await tx.getAll(...claimed.map((c) => useRef(c.offerId, c.key))) : [];
  const holds = new Map(claimed.filter((_, i) => claimHeld(claimSnaps[i], orderId)).map((c) => [c.offerId, c]));
  // The claim decides a limited offer: held, it has a use for this order; not, it has none.
  const asClaimed = (o: Offer): Offer => (o.usageLimit === null ? o : { ...o, usedCount: holds.has(o._id) ? 0 : o.usageLimit });
  const read = snaps.filter((s) => s.exists).map(offerOf);
  const codeOffer = codeOfferId ? (read.find((o) => o._id === codeOfferId) ?? null) : null;
  if (code && !codeOffer) throw new HttpError(400, OFFER_MESSAGES.unknown);
  // The cart's code changed after the claims were made (another tab): sent again, the order claims for this one.
  if (codeOffer && codeOffer.usageLimit !== null && codeOffer._id !== claims.codeOfferId) throw conflict(CODE_CHANGED);
  const automatic = read
    .filter((o) => o._id !== codeOfferId && o.code === null && new Date(o.endsAt).getTime() > now.getTime())
    .map(asClaimed);
  const checkedCode = codeOffer ? asClaimed(codeOffer) : null;
  const ctx = { now, paymentMethod, firstOrder, customerUses };
  if (checkedCode) {
    const problem = offerProblem(checkedCode, lines, ctx);
    if (problem) throw new HttpError(offerProblemStatus(problem), problem);
  }
  const keysOf = (p: PricedOffers) => Object.fromEntries(p.discounts.map((d) => [d.offerId, holds.get(d.offerId)?.key ?? orderId]));
  const priced = priceWithOffers(lines, checkedCode, automatic, ctx);
  const plan: PreparedOrderOffers = {
    priced,
    offers: toOrderOffers(priced),
    useKeys: keysOf(priced),
    addNoCostEmi(choice, feePaise) {
      const inPlay = checkedCode ? [checkedCode, ...automatic] : automatic;
      const next = withNoCostEmi(plan.priced, lines, inPlay, ctx, choice, feePaise);
      if (!next.noCostEmi) return null;
      plan.priced = next;
      plan.offers = toOrderOffers(next);
      plan.useKeys = keysOf(next);
      return { offerId: next.noCostEmi.offerId, discountPaise: next.noCostEmi.discountPaise };
    },
    apply(tx) {
      for (const d of plan.priced.discounts) {
        const fields = useFields(orderId, d.amountPaise, now);
        // A limited offer's place becomes the use; an offer without a limit gets uses/{orderId}.
        if (holds.has(d.offerId)) tx.update(useRef(d.offerId, plan.useKeys[d.offerId] as string), fields);
        else tx.create(useRef(d.offerId, orderId), fields);
        tx.set(offerUseRef(d.offerId, uid), { offerId: d.offerId, uid, count: (customerUses[d.offerId] ?? 0) + 1, updatedAt: now });
      }
      if (couponSnap?.exists) tx.delete(cartCouponRef(uid));
    },
  };
  return plan;
}

/**
 * Giving an order's offer uses back, once (`offerUsesReleasedAt`): the order's use document
 * (`offerUseKeys`; a numbered place is free again) and the shopper's use. An order placed before
 * the use documents existed has no keys: its use was counted on the offer document, and is
 * taken off there. Reads now (inside `tx`); the returned function only writes and answers the
 * order's fields to set. null when there is nothing to give back.
 */
export async function prepareOfferRelease(
  tx: Transaction,
  order: DocumentData,
  now: Timestamp,
): Promise<((tx: Transaction) => Record<string, unknown>) | null> {
  const used = Array.isArray(order.offers) ? (order.offers as OrderOffer[]) : [];
  if (used.length === 0 || order.offerUsesReleasedAt) return null;
  const uid = String(order.userId ?? '');
  const keys = (order.offerUseKeys ?? {}) as Record<string, unknown>;
  const keyOf = (o: OrderOffer) => (typeof keys[o.offerId] === 'string' ? (keys[o.offerId] as string) : null);
  const refs = used.map((o) => {
    const key = keyOf(o);
    return key ? useRef(o.offerId, key) : offersCol().doc(o.offerId);
  });
  const snaps = await tx.getAll(...refs);
  const customerSnaps = await tx.getAll(...used.map((o) => offerUseRef(o.offerId, uid)));
  return (tx) => {
    used.forEach((o, i) => {
      const snap = snaps[i];
      if (snap?.exists && keyOf(o)) {
        // Only this order turned the document into its use, and only this (once) deletes it.
        tx.delete(snap.ref);
      } else if (snap?.exists) {
        const offer = offerOf(snap);
        tx.update(snap.ref, {
          usedCount: Math.max(0, offer.usedCount - 1),
          discountGivenPaise: Math.max(0, offer.discountGivenPaise - o.amountPaise),
        });
      }
      const use = customerSnaps[i];
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
