/**
 * Stock nobody can hold hostage (docs/fulfilment.md, "Stock-holding caps"). Called inside the
 * order and cart transactions (reads only; they throw before any write):
 *   - at most MAX_HELD_UNITS units across a shopper's open unpaid card orders and unconfirmed COD orders;
 *   - no new card or COD order for 24 h after MAX_UNPAID_CANCELS_PER_DAY unpaid orders were
 *     cancelled (by the shopper or by expiry) within 24 h (`holdChurn/{uid}`, written by effects.ts);
 *   - at most MAX_CART_LINES lines in a cart.
 */
import { cartLinesMessage, churnBlockedUntil, churnMessage, heldUnitsMessage } from '@bagshop/domain';
import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { db } from '../lib/admin.js';
import { badRequest, conflict } from '../lib/errors.js';
import { holdChurnDoc, recentCancels } from './effects.js';
import { awaitsConfirmation } from './cod.js';

/** Units an open order holds without being paid or confirmed. */
function heldUnits(order: DocumentData): number {
  const unpaidCard = order.paymentMethod === 'ONLINE' && (order.payment?.status ?? 'unpaid') === 'unpaid';
  if (order.status !== 'pending' || (!unpaidCard && !awaitsConfirmation(order))) return 0;
  const items = Array.isArray(order.items) ? (order.items as { quantity?: unknown }[]) : [];
  return items.reduce((sum, i) => sum + Number(i.quantity ?? 0), 0);
}

/**
 * Before a new order: `pendingOrders` are the shopper's pending orders as read in the order's
 * transaction; `units` what the new order would hold. 409 with what to do.
 */
export async function checkHoldingCaps(tx: Transaction, uid: string, pendingOrders: readonly DocumentData[], units: number): Promise<void> {
  const { maxHeldUnits, maxUnpaidCancelsPerDay } = serverConfig().fulfilment;
  const churn = await tx.get(holdChurnDoc(uid));
  const now = Date.now();
  const until = churnBlockedUntil(recentCancels(churn.data(), now), maxUnpaidCancelsPerDay, now);
  if (until) throw conflict(churnMessage(until));
  const held = pendingOrders.reduce((sum, o) => sum + heldUnits(o), 0);
  if (held + units > maxHeldUnits) throw conflict(heldUnitsMessage(maxHeldUnits, held));
}

/** Before a new cart line. */
export async function checkCartLines(tx: Transaction, uid: string): Promise<void> {
  const { maxCartLines } = serverConfig().fulfilment;
  const lines = await tx.get(db.collection(`users/${uid}/cart`).limit(maxCartLines + 1));
  if (lines.size >= maxCartLines) throw badRequest(cartLinesMessage(maxCartLines));
}
