/**
 * After "shipped" (docs/fulfilment.md): shipments and their courier events, failed deliveries
 * (NDR), cash-on-delivery confirmation and the stock-holding caps. Pure rules; the function
 * (functions/src/fulfilment/) stores and moves orders with them.
 */
import { canTransition, type OrderStatus } from './order-status.js';
import type { DeliverySpeed } from './delivery.js';

/** What a courier says about a parcel, in the shop's words (the adapters map their codes to these). */
export const SHIPMENT_EVENTS = [
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failed_attempt',
  'rto_initiated',
  'rto_delivered',
] as const;
export type ShipmentEvent = (typeof SHIPMENT_EVENTS)[number];

export const SHIPMENT_EVENT_LABELS: Record<ShipmentEvent, string> = {
  booked: 'Booked with the courier',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  failed_attempt: 'Delivery attempt failed',
  rto_initiated: 'Returning to the seller',
  rto_delivered: 'Returned to the seller',
};

export function isShipmentEvent(x: unknown): x is ShipmentEvent {
  return typeof x === 'string' && (SHIPMENT_EVENTS as readonly string[]).includes(x);
}

/** The order status a courier event means; null when it does not move the order (booked, RTO initiated). */
export function orderStatusForEvent(event: ShipmentEvent): OrderStatus | null {
  switch (event) {
    case 'picked_up':
    case 'in_transit':
      return 'shipped';
    case 'out_for_delivery':
      return 'out_for_delivery';
    case 'delivered':
      return 'completed';
    case 'failed_attempt':
      return 'delivery_failed';
    case 'rto_delivered':
      return 'returned_to_origin';
    case 'booked':
    case 'rto_initiated':
      return null;
  }
}

/**
 * The move a courier event asks of an order, or null. Out of order safe: only a move the
 * lifecycle allows from where the order is now (a late `in_transit` never moves a delivered
 * or out-for-delivery order back), and between the two statuses that alternate (out for
 * delivery ↔ delivery failed) only an event newer than the last one that moved the order.
 */
export function moveForEvent(
  current: OrderStatus,
  event: ShipmentEvent,
  eventAtMs: number,
  lastMoveAtMs: number | null,
): OrderStatus | null {
  const to = orderStatusForEvent(event);
  if (!to || to === current || !canTransition(current, to)) return null;
  if (lastMoveAtMs !== null && eventAtMs < lastMoveAtMs && to !== 'completed' && to !== 'returned_to_origin') return null;
  return to;
}

/** How long a shopper has to answer a failed delivery before the parcel is sent back. */
export const NDR_RESPONSE_HOURS = 48;
/** A reattempt may be asked for one of this many working days after today. */
export const NDR_REATTEMPT_DAYS = 3;

const IST_OFFSET_MS = 330 * 60 * 1000;

/** 'YYYY-MM-DD' of a moment in India. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The next `count` working days (Monday to Saturday; couriers do not deliver on Sundays) after `from`, in India. */
export function reattemptDates(from: Date, count = NDR_REATTEMPT_DAYS): string[] {
  const out: string[] = [];
  const day = new Date(`${istDate(from)}T00:00:00Z`);
  while (out.length < count) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0) out.push(day.toISOString().slice(0, 10));
  }
  return out;
}

/** Whether the shopper may still answer a failed delivery at `now`. */
export function ndrOpen(respondByMs: number, nowMs: number): boolean {
  return nowMs < respondByMs;
}

export const COD_CONFIRMATION_MODES = ['required', 'off'] as const;
export type CodConfirmationMode = (typeof COD_CONFIRMATION_MODES)[number];
export const DEFAULT_COD_CONFIRM_SECONDS = 86_400;

export const COD_NOT_CONFIRMED_MESSAGE =
  'The shopper has not confirmed this cash-on-delivery order: ask them to confirm it, or call them and record "confirmed by phone"';

// ── Stock nobody can hold hostage (docs/fulfilment.md, "Stock-holding caps") ──
export const DEFAULT_MAX_HELD_UNITS = 20;
export const DEFAULT_MAX_CART_LINES = 20;
export const DEFAULT_MAX_UNPAID_CANCELS_PER_DAY = 3;
export const CHURN_WINDOW_MS = 24 * 60 * 60 * 1000;

export function heldUnitsMessage(max: number, held: number): string {
  return `You already hold ${held} item${held === 1 ? '' : 's'} in unpaid or unconfirmed orders, and at most ${max} can be held at once: pay for, confirm or cancel an open order first`;
}

export function cartLinesMessage(max: number): string {
  return `Your cart can hold at most ${max} different items: remove one before adding another`;
}

export function churnMessage(until: Date): string {
  const when = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(until);
  return `Too many unpaid orders were cancelled on this account in the last 24 hours: you can place a new order from ${when} IST`;
}

/** When the churn block ends, or null: `cancels` are the times (ms) of unpaid cancels. */
export function churnBlockedUntil(cancels: readonly number[], max: number, nowMs: number): Date | null {
  const recent = cancels.filter((t) => t > nowMs - CHURN_WINDOW_MS).sort((a, b) => a - b);
  if (recent.length < max) return null;
  // Blocked for 24 h from the latest cancel.
  return new Date((recent[recent.length - 1] ?? nowMs) + CHURN_WINDOW_MS);
}

// ── Stored shapes, as the API answers them (codec: codecs/order.ts) ──

export interface ShipmentEventEntry {
  /** Our key of the courier's event (courier, AWB, status, time): the same event is recorded once. */
  key: string;
  status: ShipmentEvent;
  /** ISO: when the courier says it happened. */
  at: string;
  location: string;
  /** The courier's words, e.g. the reason of a failed attempt. */
  note: string;
}

export interface Shipment {
  _id: string;
  courier: string;
  awb: string;
  trackingUrl: string;
  /** The 4×6 inch label: GET /api/order/{id}/shipments/{shipmentId}/label. */
  labelUrl?: string;
  /** 'manual' (the admin typed courier and AWB) or the adapter that booked it. */
  provider: string;
  status: ShipmentEvent;
  weightGrams: number;
  dimensionsCm: { length: number; breadth: number; height: number };
  events: ShipmentEventEntry[];
  createdAt: string;
  /** An exchange's parcel (docs/returns.md): the new variant going out, no payment to collect. */
  kind?: 'exchange';
  returnNumber?: string;
  /** What this parcel holds when it is not the order's lines (an exchange's new variant). */
  items?: ShipmentItem[];
}

export interface ShipmentItem {
  name: string;
  variantLabel: string;
  sku: string;
  quantity: number;
}

/** 'Voyager Trolley (Size: Medium)': a line as the label and the courier name it. */
export const shipmentItemName = (name: string, variantLabel: string): string => (variantLabel ? `${name} (${variantLabel})` : name);

/**
 * What a parcel's label says it holds and whether the courier collects cash: the order's lines
 * for its own shipment; for an exchange's, the new variant it carries and nothing to collect
 * (an exchange has no payment: docs/returns.md).
 */
export function labelContents(
  order: { paymentMethod: string; items: { name: string; variantLabel?: string; quantity: number }[] },
  shipment: Pick<Shipment, 'kind' | 'items'>,
): { items: { name: string; quantity: number }[]; cod: boolean } {
  const lines = shipment.items ?? order.items;
  return {
    items: lines.map((i) => ({ name: shipmentItemName(i.name, i.variantLabel ?? ''), quantity: i.quantity })),
    cod: order.paymentMethod === 'COD' && shipment.kind !== 'exchange',
  };
}

/** A failed delivery the shopper can answer (docs/fulfilment.md, "Failed delivery"). */
export interface OrderNdr {
  /** closed: the order moved on (another attempt, delivered) before anyone answered. */
  status: 'open' | 'reattempt_requested' | 'rto_requested' | 'closed';
  reason: string;
  failedAt: string;
  respondBy: string;
  reattemptDate: string | null;
  note: string | null;
  answeredAt: string | null;
}

/** Cash-on-delivery confirmation of one order. */
export interface CodConfirmation {
  required: boolean;
  /** The sweep cancels the order if it is not confirmed by then. */
  confirmBy: string | null;
  confirmedAt: string | null;
  confirmedBy: string | null;
  via: 'shopper' | 'phone' | null;
}

/** A COD order that still waits for the shopper's (or a phone) confirmation. */
export function awaitsCodConfirmation(order: { paymentMethod: string; status: string; cod?: CodConfirmation | null }): boolean {
  return order.paymentMethod === 'COD' && order.status === 'pending' && order.cod?.required === true && !order.cod.confirmedAt;
}

// ── Dashboard (docs/fulfilment.md, "Dashboard") ──

export const FULFILMENT_DASHBOARD_DAYS = 30;

export interface RtoRate {
  /** Orders of the window that reached the courier. */
  shipped: number;
  returned: number;
  /** returned / shipped, 0..1; null when nothing shipped. */
  rate: number | null;
}

export interface FulfilmentFigures {
  rto: { cod: RtoRate; prepaid: RtoRate };
  /** Delivered orders of the window, and how many on or before the promised last day; split by delivery speed (issue 40). */
  deliveries: { delivered: number; onTime: number; bySpeed: Record<DeliverySpeed, { delivered: number; onTime: number }> };
  openNdrs: number;
  codAwaitingConfirmation: number;
}

/** What the dashboard needs of one order (placed in the window). */
export interface FulfilmentFact {
  paymentMethod: 'COD' | 'ONLINE';
  status: OrderStatus;
  shipped: boolean;
  /** ISO of the move to completed, if delivered. */
  deliveredAt: string | null;
  /** The promised last day, 'YYYY-MM-DD' (India), if any. */
  promisedBy: string | null;
  /** The order's delivery speed; left out: standard. */
  speed?: DeliverySpeed;
}

function rate(facts: FulfilmentFact[]): { shipped: number; returned: number } {
  return { shipped: facts.filter((f) => f.shipped).length, returned: facts.filter((f) => f.status === 'returned_to_origin').length };
}

/**
 * Whether a delivery came after the promised last day (India time); no promise is never late.
 * Kept on the order when it is delivered (`deliveredLate`), so the dashboard counts late
 * deliveries with an aggregation query instead of reading every order (issue 30).
 */
export function deliveredLate(deliveredAt: Date, promisedBy: string | null | undefined): boolean {
  return typeof promisedBy === 'string' && promisedBy !== '' && istDate(deliveredAt) > promisedBy;
}

/** The figures from orders one by one (tests compare the dashboard's aggregates with it). */
export function fulfilmentFigures(
  facts: FulfilmentFact[],
  counts: { openNdrs: number; codAwaitingConfirmation: number },
): FulfilmentFigures {
  const delivered = facts.filter((f) => f.status === 'completed' && f.deliveredAt);
  const isLate = (f: FulfilmentFact) => deliveredLate(new Date(f.deliveredAt ?? ''), f.promisedBy);
  const express = delivered.filter((f) => f.speed === 'express');
  return fulfilmentFiguresOf({
    cod: rate(facts.filter((f) => f.paymentMethod === 'COD')),
    prepaid: rate(facts.filter((f) => f.paymentMethod === 'ONLINE')),
    delivered: delivered.length,
    late: delivered.filter(isLate).length,
    express: { delivered: express.length, late: express.filter(isLate).length },
    ...counts,
  });
}

/** What the dashboard counts with aggregation queries over the orders of the window (docs/fulfilment.md, "Dashboard"). */
export interface FulfilmentCounts {
  cod: { shipped: number; returned: number };
  prepaid: { shipped: number; returned: number };
  delivered: number;
  /** Delivered after the promised day (`deliveredLate: true`). */
  late: number;
  /** Of those, the express orders (`delivery.speed == 'express'`); the rest are standard. Left out: none. */
  express?: { delivered: number; late: number };
  openNdrs: number;
  codAwaitingConfirmation: number;
}

export function fulfilmentFiguresOf(c: FulfilmentCounts): FulfilmentFigures {
  const express = c.express ?? { delivered: 0, late: 0 };
  const rto = (r: { shipped: number; returned: number }): RtoRate => ({ ...r, rate: r.shipped > 0 ? r.returned / r.shipped : null });
  return {
    rto: { cod: rto(c.cod), prepaid: rto(c.prepaid) },
    deliveries: {
      delivered: c.delivered,
      onTime: Math.max(0, c.delivered - c.late),
      bySpeed: {
        standard: {
          delivered: c.delivered - express.delivered,
          onTime: Math.max(0, c.delivered - express.delivered - (c.late - express.late)),
        },
        express: { delivered: express.delivered, onTime: Math.max(0, express.delivered - express.late) },
      },
    },
    openNdrs: c.openNdrs,
    codAwaitingConfirmation: c.codAwaitingConfirmation,
  };
}

/** The statuses of an order that reached the courier. */
export const SHIPPED_STATUSES: readonly OrderStatus[] = [
  'shipped',
  'out_for_delivery',
  'delivery_failed',
  'completed',
  'returned_to_origin',
];
