/**
 * Fulfilment's side effects of an order move (docs/fulfilment.md), appended to the transition
 * function's list (orders/transition.ts): an unpaid order that ends cancelled counts
 * towards its shopper's churn block (MAX_UNPAID_CANCELS_PER_DAY).
 */
import { CHURN_WINDOW_MS, type OrderStatus, type PaymentMethod, type PaymentStatus } from '@bagshop/domain';
import type { DocumentData, Timestamp, Transaction } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';

/** The part of the transition's context these effects read (the same shape as TransitionContext). */
interface MoveContext {
  order: DocumentData;
  to: OrderStatus;
  reason: string;
  now: Timestamp;
  method: PaymentMethod;
  paymentStatus: PaymentStatus;
}

interface Effect {
  name: string;
  prepare(tx: Transaction, ctx: MoveContext): Promise<{ apply(tx: Transaction): Record<string, unknown> } | null>;
}

/** `holdChurn/{uid}`: when this shopper's unpaid orders were cancelled (milliseconds, the last 24 h). */
export const holdChurnDoc = (uid: string) => db.doc(`holdChurn/${uid}`);

export function recentCancels(data: DocumentData | undefined, nowMs: number): number[] {
  const list = Array.isArray(data?.cancels) ? (data.cancels as unknown[]) : [];
  return list.filter((t): t is number => typeof t === 'number' && t > nowMs - CHURN_WINDOW_MS);
}

const UNPAID_CANCEL_REASONS = new Set(['shopper', 'hold_expired', 'session_expired', 'cod_expired', 'payment_failed']);

const recordUnpaidCancel: Effect = {
  name: 'hold-churn',
  async prepare(tx, ctx) {
    const uid = typeof ctx.order.userId === 'string' ? ctx.order.userId : '';
    const unpaid = ctx.paymentStatus === 'unpaid' || ctx.paymentStatus === 'failed';
    if (ctx.to !== 'cancelled' || !uid || !unpaid || !UNPAID_CANCEL_REASONS.has(ctx.reason)) return null;
    const ref = holdChurnDoc(uid);
    const snap = await tx.get(ref);
    const nowMs = ctx.now.toMillis();
    const cancels = [...recentCancels(snap.data(), nowMs), nowMs].slice(-50);
    return {
      apply(tx) {
        tx.set(ref, { cancels, updatedAt: ctx.now });
        return {};
      },
    };
  },
};

export const FULFILMENT_EFFECTS: Effect[] = [recordUnpaidCancel];
