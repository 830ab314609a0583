/**
 * The reverse pickup's tracking events (docs/returns.md, "Pickup tracking"). The courier's
 * webhook (fulfilment/tracking.ts) hands over an event whose AWB is no order's parcel;
 * when it is a return's pickup AWB, the event is recorded once on `pickup.events` (its key: AWB,
 * the courier's status code and time, as for shipments) and moves the return only as
 * `returnMoveForPickupEvent` allows: a scheduled pickup becomes picked up (history by
 * 'courier', the shopper's mail). Delivered to the seller sets `pickup.arrivedAt` and leaves the
 * return picked up: "received" is the admin's quality check.
 */
import { PICKUP_ARRIVED_NOTE, pickupArrived, returnMoveForPickupEvent, type ReturnStatus, type ShipmentEvent } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import type { CourierEvent } from '../shipping/index.js';
import { queueMail } from '../mail/index.js';
import { orders, runOrderTransaction } from '../orders/store.js';
import { returnMail, returnMailFacts } from './mails.js';
import { returnsCollection, type StoredReturn } from './store.js';

interface StoredPickupEvent {
  key: string;
  status: ShipmentEvent;
  at: Timestamp;
  location: string;
  note: string;
}

export interface PickupEventResult {
  recorded: boolean;
  duplicate: boolean;
  orderId: string;
  returnNumber: string;
  returnStatus: ReturnStatus;
}

/** Records the event on the return whose pickup has this AWB; null when no return has it. */
export async function recordReturnPickupEvent(event: CourierEvent, by = 'courier'): Promise<PickupEventResult | null> {
  const found = await returnsCollection().where('pickup.awb', '==', event.awb).limit(1).get();
  const first = found.docs[0];
  if (!first) return null;
  const key = `${event.awb}:${event.sourceKey}`;

  return runOrderTransaction(async (tx) => {
    const snap = await tx.get(first.ref);
    const ret = (snap.data() ?? {}) as StoredReturn;
    const orderId = String(ret.orderId ?? '');
    const status = ret.status as ReturnStatus;
    const base = { orderId, returnNumber: snap.id, returnStatus: status };
    const pickup = (ret.pickup ?? {}) as { events?: StoredPickupEvent[]; arrivedAt?: Timestamp | null };
    const seen = Array.isArray(pickup.events) ? pickup.events : [];
    if (seen.some((e) => e.key === key)) return { ...base, recorded: false, duplicate: true };
    const order = (await tx.get(orders().doc(orderId))).data() ?? {};

    const at = Timestamp.fromMillis(event.at);
    const entry: StoredPickupEvent = { key, status: event.status, at, location: event.location, note: event.note };
    const events = [...seen, entry].sort((a, b) => a.at.toMillis() - b.at.toMillis());
    const now = Timestamp.now();
    const patch: Record<string, unknown> = { 'pickup.events': events, updatedAt: now };
    const history = Array.isArray(ret.history) ? [...(ret.history as unknown[])] : [];
    const to = returnMoveForPickupEvent(status, event.status);
    if (to) {
      patch.status = to;
      history.push({ status: to, at: now, by, note: [event.note, event.location].filter(Boolean).join(', ') });
    }
    if (pickupArrived(event.status) && !pickup.arrivedAt) {
      patch['pickup.arrivedAt'] = at;
      history.push({ status: to ?? status, at: now, by, note: PICKUP_ARRIVED_NOTE });
    }
    if (history.length !== (Array.isArray(ret.history) ? ret.history.length : 0)) patch.history = history;
    tx.update(snap.ref, patch);
    if (to) queueMail(tx, returnMail(to, returnMailFacts(ret), order, {}));
    return { ...base, returnStatus: to ?? status, recorded: true, duplicate: false };
  });
}
