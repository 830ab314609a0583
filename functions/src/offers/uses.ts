/**
 * An offer's uses as documents (docs/offers.md "Counting the uses", docs/decisions/0033-offer-uses-claimed-before-the-order.md):
 * `offers/{offerId}/uses/{key}`, one per order holding a use, so no order writes the offer
 * document and orders never contend for it.
 *
 * - An offer with a `usageLimit` has numbered places, keys "0" … "usageLimit − 1". An order
 *   claims one **before** its transaction with an atomic `create()` (no transaction, so
 *   claimers do not abort each other: the create of a taken place simply fails). No place
 *   left: the code is used up. The order's transaction then checks that the claim is still its
 *   own and turns it into the use (`state: 'used'`, the discount given); an order that fails
 *   frees the place again (`releaseClaim`).
 * - An offer without a limit needs no place: the order's transaction creates
 *   `uses/{orderId}`.
 * - The offer's `usedCount` and `discountGivenPaise` are read as a count and a sum of these
 *   documents, plus what is stored on the offer document (uses counted there by orders placed
 *   before these documents existed; 0 for newer offers).
 * - Giving the use back deletes the order's document (`prepareOfferRelease` in order.ts): a
 *   numbered place is free for the next claim.
 */
import type { Offer } from '@bagshop/domain';
import { AggregateField, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { offersCol } from './store.js';

export const usesCol = (offerId: string) => offersCol().doc(offerId).collection('uses');
export const useRef = (offerId: string, key: string) => usesCol(offerId).doc(key);

/**
 * A claim older than this belongs to a request that died between claiming and its order (the
 * API function is stopped after 60 s, functions/src/index.ts): another order may take its place.
 */
export const STALE_CLAIM_MS = 120_000;

/** A place held for an order that is being placed. */
export interface UseClaim {
  offerId: string;
  key: string;
  /** The claim's write time: the claim is freed only if nothing changed it since. */
  writeTime: Timestamp;
}

/** What the offer document itself counts: uses of orders placed before the use documents existed. */
function storedUses(offer: Offer): number {
  return Math.max(0, offer.usedCount);
}

function isCode(error: unknown, ...codes: number[]): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' && codes.includes(code);
}
const ALREADY_EXISTS = 6;
const FAILED_PRECONDITION = 9;
const NOT_FOUND = 5;

/** Documents in `uses` now: the places claimed or used (and the uses of orders without a place). */
async function countUses(offerId: string): Promise<number> {
  return (await usesCol(offerId).count().get()).data().count;
}

/**
 * Outside any transaction: claims a place of a limited offer for the order `orderId`. null when
 * every place is held (the code has been fully used). Tries the places from the number already
 * held (the lower ones are usually taken), then the lower ones (freed by cancelled orders), then
 * a place whose claim went stale. A claimer that finds, after claiming, more uses than the limit
 * (the limit was lowered, or uses without a place exist) gives its place back: never more than
 * `usageLimit` orders hold a use.
 */
export async function claimUse(
  /** As stored (`offerOf`): its `usedCount` is only the uses stored on the document, not `withUses`'s. */
  offer: Offer,
  orderId: string,
): Promise<UseClaim | null> {
  const limit = offer.usageLimit;
  if (limit === null) throw new Error(`claimUse: offer ${offer._id} has no usage limit`);
  const first = storedUses(offer);
  const held = await countUses(offer._id);
  let claim: UseClaim | null = null;
  if (first + held < limit) {
    const start = first + held;
    const order = [...range(start, limit), ...range(first, start)];
    for (const n of order) {
      claim = await tryCreate(offer._id, String(n), orderId);
      if (claim) break;
    }
  }
  claim ??= await takeStale(offer._id, orderId);
  if (!claim) return null;
  if (first + (await countUses(offer._id)) > limit) {
    await releaseClaim(claim);
    return null;
  }
  return claim;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

async function tryCreate(offerId: string, key: string, orderId: string): Promise<UseClaim | null> {
  try {
    const result = await useRef(offerId, key).create({ orderId, state: 'claimed', claimedAt: Timestamp.now() });
    return { offerId, key, writeTime: result.writeTime };
  } catch (error) {
    if (isCode(error, ALREADY_EXISTS)) return null;
    throw error;
  }
}

/** A place whose claim is older than STALE_CLAIM_MS, taken over only if nobody changed it meanwhile. */
async function takeStale(offerId: string, orderId: string): Promise<UseClaim | null> {
  const claimed = await usesCol(offerId).where('state', '==', 'claimed').get();
  const cutoff = Date.now() - STALE_CLAIM_MS;
  for (const snap of claimed.docs) {
    const at = snap.get('claimedAt') as Timestamp | undefined;
    if (at && at.toMillis() > cutoff) continue;
    try {
      const result = await snap.ref.update({ orderId, claimedAt: Timestamp.now() }, { lastUpdateTime: snap.updateTime as Timestamp });
      return { offerId, key: snap.id, writeTime: result.writeTime };
    } catch (error) {
      if (!isCode(error, FAILED_PRECONDITION, NOT_FOUND)) throw error;
    }
  }
  return null;
}

/**
 * Frees a claimed place whose order was not placed (or did not take the offer). Only if the
 * claim is unchanged: an order that committed has turned it into its use, and that stays.
 */
export async function releaseClaim(claim: UseClaim): Promise<void> {
  try {
    await useRef(claim.offerId, claim.key).delete({ lastUpdateTime: claim.writeTime });
  } catch (error) {
    if (!isCode(error, FAILED_PRECONDITION, NOT_FOUND)) throw error;
  }
}

/** In the order's transaction: the claim is still this order's (a claim, not yet a use). */
export function claimHeld(snap: DocumentSnapshot | undefined, orderId: string): boolean {
  return !!snap?.exists && snap.get('orderId') === orderId && snap.get('state') === 'claimed';
}

/**
 * The use document an order writes: the place it claimed, or `uses/{orderId}` for an offer
 * without a limit. No shopper's id: the order names them (and is pseudonymised on erasure).
 */
export function useFields(orderId: string, amountPaise: number, now: Date) {
  return { orderId, state: 'used', amountPaise, usedAt: now };
}

/**
 * The offers with `usedCount` (and, with `sums`, `discountGivenPaise`) counted from their use
 * documents, plus what their documents store from before. Without `sums` only offers with a
 * limit are counted (the rules need nothing else): the cart. With it, every offer: the admin's list.
 */
export async function withUses(offers: readonly Offer[], sums = false): Promise<Offer[]> {
  return Promise.all(
    offers.map(async (o) => {
      if (!sums) return o.usageLimit === null ? o : { ...o, usedCount: storedUses(o) + (await countUses(o._id)) };
      const uses = usesCol(o._id);
      const [all, used] = await Promise.all([
        uses.count().get(),
        uses
          .where('state', '==', 'used')
          .aggregate({ given: AggregateField.sum('amountPaise') })
          .get(),
      ]);
      return {
        ...o,
        usedCount: storedUses(o) + all.data().count,
        discountGivenPaise: Math.max(0, o.discountGivenPaise) + (used.data().given ?? 0),
      };
    }),
  );
}
