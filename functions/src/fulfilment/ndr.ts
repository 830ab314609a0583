/**
 * Failed deliveries (NDR, docs/fulfilment.md "Failed delivery"): the shopper has 48 hours to
 * ask for another attempt on one of the next 3 working days; the request goes to the courier.
 * Unanswered after 48 hours, the sweep asks the courier to return the parcel (RTO).
 */
import { ndrOpen, reattemptDates, type NdrActionInput, type Order } from '@bagshop/domain';
import { logger } from 'firebase-functions';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { ORDER_NOT_FOUND, orders, type Actor } from '../orders/store.js';
import { toOrder } from '../orders/format.js';
import { ndrActionWithShiprocket } from '../shipping/index.js';
import { shipmentsOf } from './shipments.js';

function ndrOf(order: DocumentData): Record<string, unknown> | null {
  return order.ndr && typeof order.ndr === 'object' ? (order.ndr as Record<string, unknown>) : null;
}

/** The parcel's shipment (the latest) and whether a courier adapter booked it. */
function currentShipment(order: DocumentData) {
  const list = shipmentsOf(order);
  return list[list.length - 1] ?? null;
}

/** POST /api/order/{id}/ndr (the owner). */
export async function answerNdr(actor: Actor, orderId: string, input: NdrActionInput): Promise<Order> {
  const ref = orders().doc(orderId);
  const snap = await ref.get();
  const order = snap.data();
  if (!order || order.userId !== actor.uid) throw notFound(ORDER_NOT_FOUND);
  const ndr = ndrOf(order);
  if (order.status !== 'delivery_failed' || !ndr) throw conflict('This order has no failed delivery to answer');
  if (ndr.status !== 'open') throw conflict('This failed delivery was already answered');
  const respondBy = ndr.respondBy instanceof Timestamp ? ndr.respondBy.toMillis() : 0;
  if (!ndrOpen(respondBy, Date.now())) throw conflict('The 48 hours to answer have passed: the parcel is being returned to us');
  const days = reattemptDates(new Date());
  if (!days.includes(input.date)) {
    const message = `Choose one of the next working days: ${days.join(', ')}`;
    throw badRequest(message, [{ field: 'date', message }]);
  }
  const shipment = currentShipment(order);
  if (shipment?.provider === 'shiprocket') {
    await ndrActionWithShiprocket(shipment.awb, 'reattempt', {
      date: input.date,
      note: input.note,
      ...(input.phone ? { phone: input.phone } : {}),
    });
  }
  // Written only if it is still open (a second tab, the sweep): the update is conditional on the read.
  await ref.firestore.runTransaction(async (tx) => {
    const fresh = ndrOf((await tx.get(ref)).data() ?? {});
    if (fresh?.status !== 'open') throw conflict('This failed delivery was already answered');
    tx.update(ref, {
      'ndr.status': 'reattempt_requested',
      'ndr.reattemptDate': input.date,
      'ndr.note': input.note || null,
      'ndr.phone': input.phone ?? null,
      'ndr.answeredAt': Timestamp.now(),
      updatedAt: Timestamp.now(),
    });
  });
  return toOrder(await ref.get());
}

/** The sweep: open NDRs past their 48 hours → the courier is asked to return the parcel. */
export async function sweepUnansweredNdrs(now: Timestamp, limit = 50): Promise<string[]> {
  // Needs the composite index orders (ndr.status, ndr.respondBy) in firestore.indexes.json.
  const due = await orders().where('ndr.status', '==', 'open').where('ndr.respondBy', '<=', now).limit(limit).get();
  const requested: string[] = [];
  for (const doc of due.docs) {
    try {
      const order = doc.data();
      if (order.status !== 'delivery_failed') {
        // Moved on without an answer (the courier tried again or delivered): nothing to ask.
        await doc.ref.update({ 'ndr.status': 'closed' });
        continue;
      }
      const shipment = currentShipment(order);
      if (shipment?.provider === 'shiprocket') await ndrActionWithShiprocket(shipment.awb, 'return');
      await doc.ref.update({ 'ndr.status': 'rto_requested', 'ndr.answeredAt': now, updatedAt: now });
      requested.push(doc.id);
    } catch (error) {
      logger.error('ndr_sweep_failed', { orderId: doc.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return requested;
}
