/**
 * The courier's tracking webhook (docs/fulfilment.md, "Tracking"): POST /api/shipping/webhook,
 * authenticated by the token the courier sends in `x-api-key` (Shiprocket's webhook setting).
 * Each event is recorded once (its key: AWB, the courier's status code and time), in time
 * order on its shipment, and moves the order only where the lifecycle allows it from where the
 * order is now (`moveForEvent`): a late `in_transit` never moves a delivered order back.
 */
import { moveForEvent, NDR_RESPONSE_HOURS, type OrderStatus, type ReturnStatus, type ShipmentEvent } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { HttpError } from '../lib/errors.js';
import { orders, runOrderTransaction } from '../orders/store.js';
import { recordReturnPickupEvent } from '../returns/pickup-tracking.js';
import { prepareTransition, type PreparedTransition } from '../orders/transition.js';
import { parseShiprocketWebhook, webhookTokenValid, type CourierEvent } from '../shipping/index.js';
import { shipmentsOf, type StoredShipment, type StoredShipmentEvent } from './shipments.js';

export const BAD_WEBHOOK_TOKEN = 'Invalid courier webhook token';

export interface WebhookResult {
  recorded: boolean;
  duplicate: boolean;
  orderId: string | null;
  status: OrderStatus | null;
  /** A return's pickup event: the return and where it is now. */
  returnNumber?: string;
  returnStatus?: ReturnStatus;
  /** Why nothing was recorded (an AWB we do not know, a status we do not act on). */
  ignored?: string;
}

/** The shipment's status: its newest event's. */
function latestStatus(events: StoredShipmentEvent[], fallback: ShipmentEvent): ShipmentEvent {
  let best: StoredShipmentEvent | null = null;
  for (const e of events) if (!best || e.at.toMillis() >= best.at.toMillis()) best = e;
  return best?.status ?? fallback;
}

export async function recordCourierEvent(event: CourierEvent, by = 'courier'): Promise<WebhookResult> {
  const found = await orders().where('shipmentAwbs', 'array-contains', event.awb).limit(1).get();
  const doc = found.docs[0];
  if (!doc) {
    // A return's reverse pickup (docs/returns.md, "Pickup tracking").
    const pickup = await recordReturnPickupEvent(event, by);
    if (pickup) return { ...pickup, status: null };
    return { recorded: false, duplicate: false, orderId: null, status: null, ignored: 'No order has this AWB' };
  }
  const key = `${event.awb}:${event.sourceKey}`;

  const outcome = await runOrderTransaction(async (tx) => {
    const snap = await tx.get(doc.ref);
    const order = snap.data() ?? {};
    const shipments = shipmentsOf(order);
    const index = shipments.findIndex((s) => s.awb === event.awb);
    const shipment = shipments[index];
    const status = order.status as OrderStatus;
    if (!shipment) return { duplicate: false, status, prepared: null };
    if (shipment.events.some((e) => e.key === key)) return { duplicate: true, status, prepared: null };

    const at = Timestamp.fromMillis(event.at);
    const entry: StoredShipmentEvent = { key, status: event.status, at, location: event.location, note: event.note };
    const events = [...shipment.events, entry].sort((a, b) => a.at.toMillis() - b.at.toMillis());
    const updated: StoredShipment = { ...shipment, events, status: latestStatus(events, shipment.status) };
    const nextShipments = shipments.map((s, i) => (i === index ? updated : s));

    const lastMoveAt = typeof order.lastCourierMoveAt === 'number' ? order.lastCourierMoveAt : null;
    const to = moveForEvent(status, event.status, event.at, lastMoveAt);
    let prepared: PreparedTransition | null = null;
    if (to) {
      prepared = await prepareTransition(tx, snap, { to, by, reason: 'courier' });
      prepared.apply(tx);
    }
    const patch: Record<string, unknown> = { shipments: nextShipments };
    if (to) patch.lastCourierMoveAt = Math.max(lastMoveAt ?? 0, event.at);
    if (to === 'delivery_failed') {
      patch.ndr = {
        status: 'open',
        reason: event.note || 'The courier could not deliver the parcel',
        failedAt: at,
        respondBy: Timestamp.fromMillis(Date.now() + NDR_RESPONSE_HOURS * 3_600_000),
        reattemptDate: null,
        note: null,
        answeredAt: null,
      };
    }
    tx.update(doc.ref, patch);
    return { duplicate: false, status: to ?? status, prepared };
  });
  await outcome.prepared?.afterCommit();
  return { recorded: !outcome.duplicate, duplicate: outcome.duplicate, orderId: doc.id, status: outcome.status };
}

/** POST /api/shipping/webhook. */
export async function handleCourierWebhook(token: string | undefined, body: unknown): Promise<WebhookResult> {
  if (!webhookTokenValid(token)) throw new HttpError(401, BAD_WEBHOOK_TOKEN);
  const event = parseShiprocketWebhook(body);
  if (!event) return { recorded: false, duplicate: false, orderId: null, status: null, ignored: 'A status the shop does not act on' };
  return recordCourierEvent(event);
}
