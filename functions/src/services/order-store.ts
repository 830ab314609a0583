/** The orders collection and its transaction runner, shared by every order service. */
import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { conflict, HttpError } from '../lib/errors.js';
import { backoffDelayMs, retryFits } from '@bagshop/domain';
import { logger } from 'firebase-functions';

export const orders = () => db.collection('orders');

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
 * UNAVAILABLE 14, UNAUTHENTICATED 16, and an expired transaction (INVALID_ARGUMENT 3).
 */
function isRetryable(error: unknown): boolean {
  if (isAborted(error)) return true;
  const code = codeOf(error);
  if (code === 3) return /transaction has expired/i.test(error instanceof Error ? error.message : '');
  return typeof code === 'number' && [1, 2, 4, 8, 13, 14, 16].includes(code);
}

/**
 * How an order transaction that lost to contention is run again (issue 37, docs/orders-and-payments.md
 * "Contention"): at once by us, with waits of equal jitter from 25 ms growing to at most 800 ms, for up
 * to 20 s in all (the function has 60 s; Hosting waits 60 s). The SDK's own retry is not used: its
 * waits start at 1 s and grow by 1.5, so five tries gave up after ~8 s with stock still left.
 */
export const CONTENTION_RETRY = { baseMs: 25, capMs: 800, budgetMs: 20_000 } as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a transaction; one aborted by contention is run again (bounded, with jitter) until it
 * commits, refuses (an HttpError from `fn`: out of stock, a cap) or the budget is spent: only
 * then is contention a 409, never a fault.
 */
export async function runOrderTransaction<T>(
  fn: (tx: Transaction) => Promise<T>,
  budgetMs: number = CONTENTION_RETRY.budgetMs,
): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.runTransaction(fn, { maxAttempts: 1 });
    } catch (error) {
      if (error instanceof HttpError || !isRetryable(error)) throw error;
      const delay = backoffDelayMs(attempt, CONTENTION_RETRY);
      if (!retryFits(Date.now(), delay, deadline)) {
        logger.warn('transaction_contention_exhausted', { attempts: attempt + 1, budgetMs, code: codeOf(error) });
        if (isAborted(error)) throw conflict(CONTENDED);
        throw error;
      }
      await sleep(delay);
    }
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
