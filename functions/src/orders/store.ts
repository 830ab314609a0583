/** The orders collection and its transaction runner, shared by every order service. */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { conflict, HttpError } from '../lib/errors.js';
import { backoffDelayMs, retryFits } from '@bagshop/domain';
import { logger } from 'firebase-functions';

export const orders = () => db.collection('orders');
/**
 * One document per shopper, written by every order they place and by every change that adds to
 * their open orders' counts ("Pay online instead"): their orders are placed one at a time, and
 * an order's count of their open orders (read outside its transaction, orders.ts) stays true.
 */
export const orderLock = (uid: string) => db.doc(`orderLocks/${uid}`);

export const ORDER_NOT_FOUND = 'Order not found';
export const CONTENDED = 'Too many people are ordering this right now, please try again';

/** Who is acting on an order. */
export interface Actor {
  uid: string;
  email: string | null;
  role: 'admin' | 'customer';
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** Firestore gives up on a contended transaction with ABORTED (gRPC code 10). */
export function isAborted(error: unknown): boolean {
  const code = codeOf(error);
  return code === 10 || code === 'aborted' || code === 'ABORTED';
}

/**
 * What the SDK itself would run a transaction again for (its isRetryableTransactionError):
 * ABORTED, CANCELLED 1, UNKNOWN 2, DEADLINE_EXCEEDED 4, RESOURCE_EXHAUSTED 8, INTERNAL 13,
 * UNAVAILABLE 14, UNAUTHENTICATED 16, and an expired or closed transaction (INVALID_ARGUMENT 3).
 */
function isRetryable(error: unknown): boolean {
  if (isAborted(error)) return true;
  const code = codeOf(error);
  // The emulator closes a transaction that waited too long for a lock ("invalid or closed").
  if (code === 3) return /transaction has expired|transaction is invalid or closed/i.test(error instanceof Error ? error.message : '');
  return typeof code === 'number' && [1, 2, 4, 8, 13, 14, 16].includes(code);
}

/**
 * How an order transaction that lost to contention is run again (issue 37, docs/orders-and-payments.md
 * "Contention"): at once by us, with waits of equal jitter from 25 ms growing to at most 800 ms, for up
 * to 35 s in all (the function has 60 s; Hosting waits 60 s). The SDK's own retry is not used: its
 * waits start at 1 s and grow by 1.5, so five tries gave up after ~8 s with stock still left.
 */
export const CONTENTION_RETRY = { baseMs: 25, capMs: 800, budgetMs: 35_000 } as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface ContentionOptions {
  /** Total time for every try and wait (CONTENTION_RETRY.budgetMs). */
  budgetMs?: number;
  /**
   * Before each retry and while waiting for a turn: a cheap read that may end it with the answer
   * the transaction would give (an HttpError: "out of stock" once the stock is gone).
   */
  beforeRetry?: () => Promise<void>;
  /**
   * The documents everybody fights over (a bag's stock, the shopper's order lock), known after
   * a first try. After that try lost, the retries take turns on them (`turns/{key}`, see takeTurns),
   * so transactions that would lock each other out until the emulator's lock timeout run one after another.
   */
  turns?: () => readonly string[];
}

const turnRef = (key: string) => db.doc(`turns/${encodeURIComponent(key).replace(/\./g, '%2E')}`);
/** A turn not given back (its holder died) is taken over after this. */
const TURN_MS = 15_000;

/**
 * Takes a turn on every key (sorted, so two callers never wait for each other's second key):
 * a create of `turns/{key}` that fails while another holds it, never a transaction. Answers the
 * turns to give back, or null when one is held (the caller waits and tries again).
 */
async function tryTurns(keys: readonly string[]): Promise<{ ref: FirebaseFirestore.DocumentReference; at: Timestamp }[] | null> {
  const taken: { ref: FirebaseFirestore.DocumentReference; at: Timestamp }[] = [];
  for (const key of [...new Set(keys)].sort()) {
    const ref = turnRef(key);
    try {
      taken.push({ ref, at: (await ref.create({ until: Timestamp.fromMillis(Date.now() + TURN_MS) })).writeTime });
      continue;
    } catch (error) {
      if (codeOf(error) !== 6) {
        await giveTurnsBack(taken);
        throw error;
      }
    }
    const held = await ref.get();
    const until = held.get('until');
    if (!held.exists || !(until instanceof Timestamp) || until.toMillis() < Date.now()) {
      // Its holder died: take it over (unless another just did).
      try {
        if (held.exists && held.updateTime) await ref.delete({ lastUpdateTime: held.updateTime });
        taken.push({ ref, at: (await ref.create({ until: Timestamp.fromMillis(Date.now() + TURN_MS) })).writeTime });
        continue;
      } catch {
        // taken by another
      }
    }
    await giveTurnsBack(taken);
    return null;
  }
  return taken;
}

async function giveTurnsBack(turns: readonly { ref: FirebaseFirestore.DocumentReference; at: Timestamp }[]): Promise<void> {
  await Promise.all(
    turns.map((t) =>
      t.ref.delete({ lastUpdateTime: t.at }).catch((error: unknown) => {
        if (codeOf(error) !== 9) logger.warn('turn_not_given_back', { key: t.ref.id, code: codeOf(error) });
      }),
    ),
  );
}

/**
 * Runs a transaction; one aborted by contention is run again (bounded, with jitter) until it
 * commits, refuses (an HttpError from `fn` or `beforeRetry`: out of stock, a cap) or the budget
 * is spent: only then is contention a 409, never a fault. With `turns`, the retries take turns.
 */
export async function runOrderTransaction<T>(fn: (tx: Transaction) => Promise<T>, options: ContentionOptions | number = {}): Promise<T> {
  const { budgetMs = CONTENTION_RETRY.budgetMs, beforeRetry, turns } = typeof options === 'number' ? { budgetMs: options } : options;
  const deadline = Date.now() + budgetMs;
  let held: { ref: FirebaseFirestore.DocumentReference; at: Timestamp }[] | null = null;
  const exhausted = (error: unknown, attempts: number): Error => {
    logger.warn('transaction_contention_exhausted', { attempts, budgetMs, code: codeOf(error) });
    return isAborted(error) || codeOf(error) === 3 ? conflict(CONTENDED) : (error as Error);
  };
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await db.runTransaction(fn, { maxAttempts: 1 });
      } catch (error) {
        if (error instanceof HttpError || !isRetryable(error)) throw error;
        await beforeRetry?.();
        // Lost to contention: from now on, take turns on the documents fought over.
        const keys = turns?.() ?? [];
        for (let wait = 0; held === null && keys.length > 0; wait += 1) {
          held = await tryTurns(keys);
          if (held) break;
          const pause = backoffDelayMs(Math.min(wait, 3), CONTENTION_RETRY);
          if (!retryFits(Date.now(), pause, deadline)) throw exhausted(error, attempt + 1);
          await sleep(pause);
          await beforeRetry?.();
        }
        const delay = backoffDelayMs(held ? 0 : attempt, CONTENTION_RETRY);
        if (!retryFits(Date.now(), delay, deadline)) throw exhausted(error, attempt + 1);
        if (delay > 0) await sleep(delay);
      }
    }
  } finally {
    if (held) await giveTurnsBack(held);
  }
}

/** An order document's fields as stored (untyped Firestore data). */
export type StoredOrder = FirebaseFirestore.DocumentData;

/** Stored `payment` map of an order, read defensively. */
export function paymentOf(order: StoredOrder): Record<string, unknown> {
  const p = order.payment;
  return p && typeof p === 'object' ? (p as Record<string, unknown>) : {};
}

export function historyOf(order: StoredOrder): unknown[] {
  return Array.isArray(order.statusHistory) ? order.statusHistory : [];
}

export interface AttentionEntry {
  code: string;
  message: string;
  at: FirebaseFirestore.Timestamp;
}

/** The order's admin flags with one more (the same flag is not repeated; the last 20 are kept). */
export function withAttention(order: StoredOrder, entry: AttentionEntry): AttentionEntry[] {
  const list = Array.isArray(order.attention) ? (order.attention as AttentionEntry[]) : [];
  if (list.some((a) => a.code === entry.code && a.message === entry.message)) return list;
  return [...list, entry].slice(-20);
}
