/** The orders collection and its transaction runner, shared by every order service. */
import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { conflict, HttpError } from '../lib/errors.js';

export const orders = () => db.collection('orders');

export const ORDER_NOT_FOUND = 'Order not found';
export const CONTENDED = 'Too many people are ordering this right now, please try again';

/** Who is acting on an order. */
export interface Actor {
  uid: string;
  email: string | null;
  role: 'admin' | 'customer';
}

/** Firestore gives up on a contended transaction with ABORTED (gRPC code 10). */
function isAborted(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 10 || code === 'aborted' || code === 'ABORTED';
}

/** Runs a transaction; contention that outlasts the retries is a 409, not a fault. */
export async function runOrderTransaction<T>(fn: (tx: Transaction) => Promise<T>, maxAttempts = 5): Promise<T> {
  try {
    return await db.runTransaction(fn, { maxAttempts });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (isAborted(error)) throw conflict(CONTENDED);
    throw error;
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
