/**
 * The courier adapter (docs/fulfilment.md, "Couriers"). COURIER_PROVIDER=manual: the admin
 * types the courier and AWB and moves the order by hand. COURIER_PROVIDER=shiprocket: shipments
 * are booked through Shiprocket's external API (token login, ad-hoc order, AWB assignment,
 * pickup), failed deliveries are answered through its NDR action, and its tracking webhook
 * (authenticated by the token it sends in `x-api-key`) moves the order. On the emulators the
 * same client talks to the local test courier (scripts/courier-local) through COURIER_API_BASE.
 */
import { timingSafeEqual } from 'node:crypto';
import type { ShipmentEvent } from '@bagshop/domain';
import { serverConfig } from '../config.js';
import { HttpError } from '../lib/errors.js';

export const SHIPROCKET_API = 'https://apiv2.shiprocket.in';
export const COURIER_UNAVAILABLE = 'The courier could not be reached: try again in a minute, or ship it by hand with a courier and AWB';

export interface BookingInput {
  orderId: string;
  placedAt: Date;
  paymentMethod: 'COD' | 'ONLINE';
  /** Rupees: what the courier collects for COD, and the declared value. */
  totalAmount: number;
  customer: { name: string; email: string; phone: string };
  address: { street: string; city: string; state: string; postalCode: string; country: string; landmark: string };
  items: { name: string; sku: string; units: number; sellingPrice: number }[];
  weightGrams: number;
  dimensionsCm: { length: number; breadth: number; height: number };
  /** The speed the shopper paid for: express asks the courier for its express (air) service (issue 40). */
  speed?: 'standard' | 'express';
  /** Where the parcel is picked up (the warehouse PIN): the express service is looked up for this lane. */
  pickupPin?: string;
}

export const expressNotServedMessage = (pin: string) =>
  `The courier offers no express service to PIN code ${pin}: book it by hand with an express courier and its AWB`;

export interface Booking {
  courier: string;
  awb: string;
  trackingUrl: string;
  providerOrderId: string | null;
  providerShipmentId: string | null;
  courierLabelUrl: string | null;
}

/** A tracking event as the shop understands it. */
export interface CourierEvent {
  awb: string;
  status: ShipmentEvent;
  /** ms since epoch */
  at: number;
  location: string;
  note: string;
  /** The courier's own status code and time: with the AWB, what makes an event the same event. */
  sourceKey: string;
}

export const trackingUrlFor = (awb: string) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;

/** Shiprocket's shipment status ids (its "Shipment Status" list) for the events the shop acts on. */
const STATUS_BY_ID: Record<number, ShipmentEvent> = {
  6: 'in_transit', // SHIPPED
  42: 'picked_up',
  18: 'in_transit',
  17: 'out_for_delivery',
  7: 'delivered',
  21: 'failed_attempt', // UNDELIVERED (an NDR)
  9: 'rto_initiated',
  10: 'rto_delivered',
};

const STATUS_BY_NAME: Record<string, ShipmentEvent> = {
  SHIPPED: 'in_transit',
  'PICKED UP': 'picked_up',
  'IN TRANSIT': 'in_transit',
  'OUT FOR DELIVERY': 'out_for_delivery',
  DELIVERED: 'delivered',
  UNDELIVERED: 'failed_attempt',
  'RTO INITIATED': 'rto_initiated',
  'RTO DELIVERED': 'rto_delivered',
};

/** '2026-11-26 14:05:09' or '26 11 2026 14:05:09' (Shiprocket's forms, India time), or ISO. */
export function parseCourierTime(text: string): number | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(t);
  if (m) return Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+05:30`);
  m = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(t);
  if (m) return Date.parse(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}+05:30`);
  const iso = Date.parse(t);
  return Number.isNaN(iso) ? null : iso;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * One Shiprocket tracking webhook body → the event it reports, or null for a status the shop
 * does not act on (it is acknowledged all the same, so the courier does not retry it).
 */
export function parseShiprocketWebhook(body: unknown): CourierEvent | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const awb = text(b.awb).trim();
  const statusId = Number(b.shipment_status_id ?? b.current_status_id);
  const name = text(b.current_status ?? b.shipment_status)
    .trim()
    .toUpperCase();
  const status = STATUS_BY_ID[statusId] ?? STATUS_BY_NAME[name];
  const at = parseCourierTime(text(b.current_timestamp));
  if (!awb || !status || at === null) return null;
  const scans = Array.isArray(b.scans) ? (b.scans as Record<string, unknown>[]) : [];
  const last = scans[scans.length - 1] ?? {};
  return {
    awb,
    status,
    at,
    location: text(last.location).slice(0, 120),
    note: text(last.activity || b.reason || '').slice(0, 200),
    sourceKey: `${Number.isFinite(statusId) ? statusId : name}@${text(b.current_timestamp)}`,
  };
}

/** The webhook's token header, compared in constant time. */
export function webhookTokenValid(given: string | undefined): boolean {
  const expected = serverConfig().fulfilment.courier.webhookToken;
  if (!expected || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// ── Shiprocket's API ─────────────────────────────────────────────────────────────────────

let token: { value: string; until: number; base: string } | null = null;

function apiBase(): string {
  return serverConfig().fulfilment.courier.apiBase ?? SHIPROCKET_API;
}

async function call(
  path: string,
  body: unknown,
  auth = true,
  retried = false,
  method: 'POST' | 'GET' = 'POST',
): Promise<Record<string, unknown>> {
  const base = apiBase();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (auth) headers.Authorization = `Bearer ${await login()}`;
  let res: Response;
  try {
    res =
      method === 'GET'
        ? await fetch(`${base}${path}`, { method, headers, signal: AbortSignal.timeout(15_000) })
        : await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  } catch {
    throw new HttpError(502, COURIER_UNAVAILABLE);
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status === 401 && auth) {
    // The kept token was revoked (or the courier restarted): log in again, once.
    token = null;
    if (!retried) return call(path, body, auth, true, method);
  }
  if (!res.ok) {
    const message = typeof json.message === 'string' ? json.message : `HTTP ${res.status}`;
    throw new HttpError(502, `The courier refused the request: ${message}`);
  }
  return json;
}

/** POST /v1/external/auth/login: a token valid for 10 days; kept for 9. */
async function login(): Promise<string> {
  const { email, password } = serverConfig().fulfilment.courier;
  const base = apiBase();
  if (token && token.base === base && token.until > Date.now()) return token.value;
  const json = await call('/v1/external/auth/login', { email, password }, false);
  if (typeof json.token !== 'string') throw new HttpError(502, COURIER_UNAVAILABLE);
  token = { value: json.token, until: Date.now() + 9 * 86_400_000, base };
  return json.token;
}

function ymd(date: Date): string {
  const ist = new Date(date.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 16)}`;
}

/** Books a parcel: ad-hoc order, AWB, pickup. */
export async function bookWithShiprocket(input: BookingInput): Promise<Booking> {
  const name = input.customer.name.trim() || 'Customer';
  const [first, ...rest] = name.split(/\s+/);
  const created = await call('/v1/external/orders/create/adhoc', {
    order_id: input.orderId,
    order_date: ymd(input.placedAt),
    pickup_location: 'Primary',
    billing_customer_name: first,
    billing_last_name: rest.join(' '),
    billing_address: input.address.street,
    billing_address_2: input.address.landmark,
    billing_city: input.address.city,
    billing_pincode: input.address.postalCode,
    billing_state: input.address.state,
    billing_country: input.address.country,
    billing_email: input.customer.email,
    billing_phone: input.customer.phone,
    shipping_is_billing: true,
    order_items: input.items.map((i) => ({ name: i.name, sku: i.sku, units: i.units, selling_price: i.sellingPrice })),
    payment_method: input.paymentMethod === 'COD' ? 'COD' : 'Prepaid',
    sub_total: input.totalAmount,
    length: input.dimensionsCm.length,
    breadth: input.dimensionsCm.breadth,
    height: input.dimensionsCm.height,
    weight: input.weightGrams / 1000,
  });
  const shipmentId = text(created.shipment_id);
  if (!shipmentId) throw new HttpError(502, 'The courier did not create the shipment');
  const courierId = input.speed === 'express' ? await expressCourierId(input) : null;
  const assigned = await call('/v1/external/courier/assign/awb', {
    shipment_id: shipmentId,
    ...(courierId !== null ? { courier_id: courierId } : {}),
  });
  const data = ((assigned.response as Record<string, unknown> | undefined)?.data ?? {}) as Record<string, unknown>;
  const awb = text(data.awb_code);
  if (Number(assigned.awb_assign_status) !== 1 || !awb) throw new HttpError(502, 'The courier did not assign an AWB');
  await call('/v1/external/courier/generate/pickup', { shipment_id: [shipmentId] });
  const label = await call('/v1/external/courier/generate/label', { shipment_id: [shipmentId] }).catch(
    () => ({}) as Record<string, unknown>,
  );
  return {
    courier: text(data.courier_name) || 'Shiprocket',
    awb,
    trackingUrl: trackingUrlFor(awb),
    providerOrderId: text(created.order_id),
    providerShipmentId: shipmentId,
    courierLabelUrl: typeof label.label_url === 'string' ? label.label_url : null,
  };
}

/**
 * The express service for an order's lane: Shiprocket's serviceability with `mode=Air`, its
 * recommended courier (else the first offered). None offered: 502 with what to do instead.
 */
async function expressCourierId(input: BookingInput): Promise<number> {
  const query = new URLSearchParams({
    pickup_postcode: input.pickupPin ?? '',
    delivery_postcode: input.address.postalCode,
    weight: String(input.weightGrams / 1000),
    cod: input.paymentMethod === 'COD' ? '1' : '0',
    declared_value: String(input.totalAmount),
    mode: 'Air',
  });
  const json = await call(`/v1/external/courier/serviceability/?${query.toString()}`, null, true, false, 'GET');
  const data = (json.data ?? {}) as {
    available_courier_companies?: { courier_company_id?: unknown }[];
    recommended_courier_company_id?: unknown;
  };
  const offered = (data.available_courier_companies ?? [])
    .map((c) => Number(c.courier_company_id))
    .filter((id) => Number.isInteger(id) && id > 0);
  const recommended = Number(data.recommended_courier_company_id);
  if (offered.includes(recommended)) return recommended;
  const first = offered[0];
  if (first === undefined) throw new HttpError(502, expressNotServedMessage(input.address.postalCode));
  return first;
}

export interface ReturnPickupInput {
  /** Shiprocket's order id for the return: the return's number. */
  returnNumber: string;
  placedAt: Date;
  customer: { name: string; email: string; phone: string };
  address: BookingInput['address'];
  items: BookingInput['items'];
  weightGrams: number;
  dimensionsCm: BookingInput['dimensionsCm'];
}

/**
 * A reverse pickup for a return (docs/returns.md): `orders/create/return` (picked up at the
 * shopper's address, delivered to the seller's pickup location), then the AWB (`is_return: 1`)
 * and the pickup.
 */
export async function bookReturnWithShiprocket(input: ReturnPickupInput): Promise<Booking> {
  const name = input.customer.name.trim() || 'Customer';
  const [first, ...rest] = name.split(/\s+/);
  const subTotal = input.items.reduce((sum, i) => sum + i.sellingPrice * i.units, 0);
  const created = await call('/v1/external/orders/create/return', {
    order_id: input.returnNumber,
    order_date: ymd(input.placedAt),
    pickup_customer_name: first,
    pickup_last_name: rest.join(' '),
    pickup_address: input.address.street,
    pickup_address_2: input.address.landmark,
    pickup_city: input.address.city,
    pickup_state: input.address.state,
    pickup_country: input.address.country,
    pickup_pincode: input.address.postalCode,
    pickup_email: input.customer.email,
    pickup_phone: input.customer.phone,
    shipping_customer_name: 'Bagshop returns',
    shipping_address: 'Primary',
    order_items: input.items.map((i) => ({ name: i.name, sku: i.sku, units: i.units, selling_price: i.sellingPrice })),
    payment_method: 'PREPAID',
    sub_total: subTotal,
    length: input.dimensionsCm.length,
    breadth: input.dimensionsCm.breadth,
    height: input.dimensionsCm.height,
    weight: input.weightGrams / 1000,
  });
  const shipmentId = text(created.shipment_id);
  if (!shipmentId) throw new HttpError(502, 'The courier did not create the return pickup');
  const assigned = await call('/v1/external/courier/assign/awb', { shipment_id: shipmentId, is_return: 1 });
  const data = ((assigned.response as Record<string, unknown> | undefined)?.data ?? {}) as Record<string, unknown>;
  const awb = text(data.awb_code);
  if (Number(assigned.awb_assign_status) !== 1 || !awb) throw new HttpError(502, 'The courier did not assign an AWB');
  await call('/v1/external/courier/generate/pickup', { shipment_id: [shipmentId] });
  return {
    courier: text(data.courier_name) || 'Shiprocket',
    awb,
    trackingUrl: trackingUrlFor(awb),
    providerOrderId: text(created.order_id),
    providerShipmentId: shipmentId,
    courierLabelUrl: null,
  };
}

/** POST /v1/external/ndr/{awb}/action: a reattempt on a day, or the parcel back to the shop. */
export async function ndrActionWithShiprocket(
  awb: string,
  action: 'reattempt' | 'return',
  options: { date?: string; note?: string; phone?: string } = {},
): Promise<void> {
  await call(`/v1/external/ndr/${encodeURIComponent(awb)}/action`, {
    action: action === 'reattempt' ? 're-attempt' : 'return',
    comments: options.note || (action === 'reattempt' ? 'Shopper asked for another attempt' : 'No answer from the shopper in 48 hours'),
    ...(options.date ? { deferred_date: options.date } : {}),
    ...(options.phone ? { phone: options.phone } : {}),
  });
}

export function courierProvider(): 'manual' | 'shiprocket' {
  return serverConfig().fulfilment.courier.provider;
}
