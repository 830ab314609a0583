/**
 * Idempotent POST /api/order (issue 24; docs/orders-and-payments.md "Idempotent orders"). The
 * app gives up on a slow request while the server may still commit; its retry carries the
 * same `Idempotency-Key`. The first request with a key claims `orderIdempotency/{hash of uid
 * and key}` with an atomic create; the order's own transaction binds the order id to the
 * claim, so an order and its key commit together. Later requests with the key (for 24 h):
 * the same body → the first answer again (200, no stock taken); another body → 409; while the
 * first is still running they wait for it. A first request that fails frees the key.
 */
import { createHash } from 'node:crypto';
import type { CreateOrderInput, Order } from '@bagshop/domain';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { conflict } from '../lib/errors.js';
import { logger } from 'firebase-functions';
import { getOrder } from './place.js';
import type { Actor } from './store.js';

export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;
export const KEY_REUSED = 'This Idempotency-Key was already used for a different order';
export const KEY_IN_FLIGHT = 'An order with this Idempotency-Key is still being placed; please try again in a moment';
const TTL_MS = 24 * 60 * 60 * 1000;
/** A claim with no order after this long belongs to a request that died: it may be taken over. */
const STALE_CLAIM_MS = 60_000;
const WAIT_MS = 20_000;

const claims = () => db.collection('orderIdempotency');

/** The same input, however its keys were ordered. */
function bodyHash(input: CreateOrderInput): string {
  const sorted = Object.fromEntries(Object.entries(input).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

function isCode(error: unknown, code: number): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

export interface PlacedOnce {
  /** The response body to send: the first request's, for a replay. */
  body: { success: true; data: Order; message?: string };
  replayed: boolean;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Places the order once per (shopper, key). `place` runs the order's transaction and must call
 * `bind(tx, orderId)` inside it; `envelope` makes the response body from the placed order.
 */
export async function placeOrderOnce(
  actor: Actor,
  key: string,
  input: CreateOrderInput,
  place: (bind: (tx: Transaction, orderId: string) => void) => Promise<Order>,
  envelope: (order: Order) => PlacedOnce['body'],
): Promise<PlacedOnce> {
  const ref = claims().doc(createHash('sha256').update(`${actor.uid}\n${key}`).digest('hex'));
  const hash = bodyHash(input);
  const started = Date.now();
  for (;;) {
    const now = Timestamp.now();
    let claimed = false;
    try {
      await ref.create({
        uid: actor.uid,
        bodyHash: hash,
        orderId: null,
        response: null,
        claimedAt: now,
        expiresAt: Timestamp.fromMillis(now.toMillis() + TTL_MS),
      });
      claimed = true;
    } catch (error) {
      if (!isCode(error, 6)) throw error; // 6 = ALREADY_EXISTS: someone has the key
    }
    if (claimed) {
      let order: Order;
      try {
        order = await place((tx, orderId) => tx.update(ref, { orderId }));
      } catch (error) {
        await ref.delete().catch(() => undefined); // nothing was ordered: the key is free again
        throw error;
      }
      const body = envelope(order);
      await ref.update({ response: JSON.stringify(body) }).catch((e: unknown) => {
        logger.warn('idempotency_response_not_saved', { orderId: order._id, error: e instanceof Error ? e.message : String(e) });
      });
      return { body, replayed: false };
    }

    const snap = await ref.get();
    if (!snap.exists) continue; // freed meanwhile: claim it
    const expiresAt = snap.get('expiresAt') as Timestamp | undefined;
    const orderId = snap.get('orderId') as string | null;
    const claimedAt = snap.get('claimedAt') as Timestamp | undefined;
    const expired = !expiresAt || expiresAt.toMillis() <= now.toMillis();
    const stale = !orderId && (!claimedAt || now.toMillis() - claimedAt.toMillis() > STALE_CLAIM_MS);
    if (expired || stale) {
      // Free it only if it is still the claim we looked at (another request may be doing the same).
      await db
        .runTransaction(async (tx) => {
          const fresh = await tx.get(ref);
          if (fresh.exists && fresh.updateTime?.isEqual(snap.updateTime as Timestamp)) tx.delete(ref);
        })
        .catch(() => undefined);
      continue;
    }
    if (snap.get('bodyHash') !== hash) throw conflict(KEY_REUSED);
    if (orderId) {
      const response = snap.get('response');
      if (typeof response === 'string') return { body: JSON.parse(response) as PlacedOnce['body'], replayed: true };
      return { body: envelope(await getOrder(actor, orderId)), replayed: true };
    }
    if (Date.now() - started > WAIT_MS) throw conflict(KEY_IN_FLIGHT);
    await wait(150);
  }
}
