/**
 * Shipments (docs/fulfilment.md, "Shipments"): the admin ships a confirmed order; the courier
 * adapter books it (or the admin types courier and AWB); the order becomes `shipped` through
 * the transition function and keeps the shipment in `shipments[]` (its AWBs in `shipmentAwbs`,
 * so a tracking event finds its order).
 */
import { randomBytes } from 'node:crypto';
import { invoiceRefusesShipping, parseOrderDelivery, type CreateShipmentInput, type Order, type ShipmentEvent } from '@bagshop/domain';
import { readDeliveryRules } from '../shipping/index.js';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { plainDoc } from '../lib/firestore-data.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { products } from '../catalog/index.js';
import { ORDER_NOT_FOUND, orders, runOrderTransaction, type Actor } from '../orders/store.js';
import { prepareTransition } from '../orders/transition.js';
import { ensureInvoiceNumbered } from '../tax/numbering.js';
import { INVOICE_BEING_PREPARED } from '../tax/invoices.js';
import { toOrder } from '../orders/format.js';
import { bookWithShiprocket, courierProvider, type Booking } from '../shipping/index.js';

/** What a bag weighs packed when its product does not say (grams). */
export const DEFAULT_UNIT_WEIGHT_GRAMS = 800;

export interface StoredShipmentEvent {
  key: string;
  status: ShipmentEvent;
  at: Timestamp;
  location: string;
  note: string;
}

export interface StoredShipment {
  _id: string;
  courier: string;
  awb: string;
  trackingUrl: string;
  labelUrl: string;
  provider: 'manual' | 'shiprocket';
  providerOrderId: string | null;
  providerShipmentId: string | null;
  courierLabelUrl: string | null;
  status: ShipmentEvent;
  weightGrams: number;
  dimensionsCm: { length: number; breadth: number; height: number };
  events: StoredShipmentEvent[];
  createdAt: Timestamp;
}

export function shipmentsOf(order: DocumentData): StoredShipment[] {
  return Array.isArray(order.shipments) ? (order.shipments as StoredShipment[]) : [];
}

export const labelPath = (orderId: string, shipmentId: string) =>
  `/api/order/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}/label`;

interface StoredDims {
  length?: unknown;
  width?: unknown;
  height?: unknown;
}
interface UnitSpec {
  grams: number;
  dims: { length: number; width: number; height: number } | null;
}

function dimsOf(raw: StoredDims | undefined): UnitSpec['dims'] {
  const [l, w, h] = [Number(raw?.length ?? 0), Number(raw?.width ?? 0), Number(raw?.height ?? 0)];
  return l > 0 && w > 0 && h > 0 ? { length: l, width: w, height: h } : null;
}

/**
 * Parcel weight and size from the lines: each line's variant's `weightGrams` and `dimensionsCm`
 * (docs/variants.md), else the product's `weightGrams`, else 800 g a unit. When every unit has its
 * size, the box is the largest footprint with the units stacked; else a box that grows with the units.
 */
export async function parcelOf(order: DocumentData): Promise<{ weightGrams: number; dimensionsCm: StoredShipment['dimensionsCm'] }> {
  const items = Array.isArray(order.items) ? (order.items as { _id?: unknown; variantId?: unknown; quantity?: unknown }[]) : [];
  const ids = [...new Set(items.map((i) => String(i._id ?? '')).filter(Boolean))];
  const snaps = ids.length > 0 ? await db.getAll(...ids.map((id) => products().doc(id))) : [];
  const specOf = new Map<string, UnitSpec>();
  for (const snap of snaps) {
    const productGrams = Number(snap.get('weightGrams') ?? 0);
    const variants = (snap.get('variants') ?? []) as { _id?: unknown; weightGrams?: unknown; dimensionsCm?: StoredDims }[];
    specOf.set(`${snap.id}/`, { grams: productGrams, dims: null });
    for (const v of Array.isArray(variants) ? variants : []) {
      const grams = Number(v.weightGrams ?? 0);
      specOf.set(`${snap.id}/${String(v._id ?? '')}`, { grams: grams > 0 ? grams : productGrams, dims: dimsOf(v.dimensionsCm) });
    }
  }
  let grams = 0;
  let units = 0;
  let stacked: { length: number; breadth: number; height: number } | null = { length: 0, breadth: 0, height: 0 };
  for (const i of items) {
    const q = Number(i.quantity ?? 0);
    units += q;
    const productId = String(i._id ?? '');
    const spec = specOf.get(`${productId}/${String(i.variantId ?? productId)}`) ?? specOf.get(`${productId}/`);
    grams += q * (spec && spec.grams > 0 ? spec.grams : DEFAULT_UNIT_WEIGHT_GRAMS);
    if (!spec?.dims) stacked = null;
    else if (stacked) {
      stacked.length = Math.max(stacked.length, spec.dims.length);
      stacked.breadth = Math.max(stacked.breadth, spec.dims.width);
      stacked.height += q * spec.dims.height;
    }
  }
  return {
    weightGrams: Math.max(100, Math.round(grams)),
    dimensionsCm:
      stacked && units > 0
        ? { length: Math.ceil(stacked.length), breadth: Math.ceil(stacked.breadth), height: Math.min(200, Math.ceil(stacked.height)) }
        : { length: 45, breadth: 35, height: Math.min(100, 12 * Math.max(1, units)) },
  };
}

async function phoneOf(uid: string): Promise<string> {
  const snap = await db.doc(`users/${uid}`).get();
  const phone = typeof snap.get('phonenumber') === 'string' ? String(snap.get('phonenumber')) : '';
  return phone.replace(/\D/g, '').slice(-10);
}

/** POST /api/order/{id}/shipments (admin). */
export async function createShipment(
  actor: Actor,
  orderId: string,
  input: CreateShipmentInput,
): Promise<StoredShipment & { orderId: string }> {
  const ref = orders().doc(orderId);
  const snap = await ref.get();
  if (!snap.exists) throw notFound(ORDER_NOT_FOUND);
  const order = snap.data() ?? {};
  if (order.status !== 'confirmed')
    throw conflict(`Only a confirmed order can be shipped; this one is ${String(order.status).replace(/_/g, ' ')}`);
  // Nothing leaves before its tax invoice has its number (docs/gst-invoices.md), nor is booked with the courier.
  await ensureInvoiceNumbered(orderId);
  // A confirmed order with no invoice at all (issue 37) is refused before any courier is asked.
  const noInvoice = invoiceRefusesShipping(toOrder(await ref.get()), INVOICE_BEING_PREPARED);
  if (noInvoice) throw conflict(noInvoice);

  const manual = input.awb !== undefined || courierProvider() === 'manual';
  if (manual && (!input.courier || !input.awb)) {
    const errors = [
      ...(!input.courier ? [{ field: 'courier', message: 'Courier is required when no courier service books the shipment' }] : []),
      ...(!input.awb ? [{ field: 'awb', message: 'AWB is required when no courier service books the shipment' }] : []),
    ];
    throw badRequest(errors[0]?.message ?? 'Courier and AWB are required', errors);
  }
  const parcel = await parcelOf(order);
  const weightGrams = input.weightGrams ?? parcel.weightGrams;
  const dimensionsCm = input.dimensionsCm ?? parcel.dimensionsCm;

  let booking: Booking;
  if (manual) {
    booking = {
      courier: input.courier ?? '',
      awb: input.awb ?? '',
      trackingUrl: '',
      providerOrderId: null,
      providerShipmentId: null,
      courierLabelUrl: null,
    };
  } else {
    const plain = (plainDoc(snap) ?? {}) as Record<string, unknown>;
    const user = (plain.user ?? {}) as { fullname?: { firstname?: string; lastname?: string }; email?: string };
    const address = (plain.shippingAddress ?? {}) as Record<string, string>;
    const items = Array.isArray(plain.items)
      ? (plain.items as { _id: string; name: string; quantity: number; price: number; discount: number }[])
      : [];
    booking = await bookWithShiprocket({
      orderId,
      placedAt: order.createdAt instanceof Timestamp ? order.createdAt.toDate() : new Date(),
      paymentMethod: order.paymentMethod === 'ONLINE' ? 'ONLINE' : 'COD',
      totalAmount: Number(order.totalAmount ?? 0),
      customer: {
        name: `${user.fullname?.firstname ?? ''} ${user.fullname?.lastname ?? ''}`.trim(),
        email: user.email ?? '',
        phone: await phoneOf(String(order.userId ?? '')),
      },
      address: {
        street: address.street ?? '',
        city: address.city ?? '',
        state: address.state ?? '',
        postalCode: address.postalCode ?? '',
        country: address.country ?? 'India',
        landmark: address.landmark ?? '',
      },
      items: items.map((i) => ({ name: i.name, sku: i._id, units: i.quantity, sellingPrice: i.price - i.discount })),
      weightGrams,
      dimensionsCm,
      // Express orders ask the courier for its express service (issue 40).
      speed: parseOrderDelivery(plain.delivery)?.speed ?? 'standard',
      pickupPin: (await readDeliveryRules()).warehousePin,
    });
  }

  const shipmentId = randomBytes(8).toString('hex');
  const now = Timestamp.now();
  const shipment: StoredShipment = {
    _id: shipmentId,
    courier: booking.courier,
    awb: booking.awb,
    trackingUrl: booking.trackingUrl,
    labelUrl: labelPath(orderId, shipmentId),
    provider: manual ? 'manual' : 'shiprocket',
    providerOrderId: booking.providerOrderId,
    providerShipmentId: booking.providerShipmentId,
    courierLabelUrl: booking.courierLabelUrl,
    status: 'booked',
    weightGrams,
    dimensionsCm,
    events: [],
    createdAt: now,
  };

  const prepared = await runOrderTransaction(async (tx) => {
    const fresh = await tx.get(ref);
    const p = await prepareTransition(tx, fresh, {
      to: 'shipped',
      by: actor.uid,
      reason: 'admin',
      guard: (data) => {
        if (shipmentsOf(data).length > 0) throw conflict('This order already has a shipment');
      },
    });
    p.apply(tx);
    const data = fresh.data() ?? {};
    tx.update(ref, {
      shipments: [...shipmentsOf(data), shipment],
      shipmentAwbs: [...(Array.isArray(data.shipmentAwbs) ? (data.shipmentAwbs as string[]) : []), shipment.awb],
    });
    return p;
  });
  await prepared.afterCommit();
  return { ...shipment, orderId };
}

/** The shipment as the API answers it (ISO dates). */
export function shipmentJson(order: Order, shipmentId: string) {
  return order.shipments?.find((s) => s._id === shipmentId) ?? null;
}

export async function findShipment(
  actor: Actor,
  orderId: string,
  shipmentId: string,
): Promise<{ order: DocumentData; shipment: StoredShipment; json: Order }> {
  const snap = await orders().doc(orderId).get();
  if (!snap.exists || (actor.role !== 'admin' && snap.get('userId') !== actor.uid)) throw notFound(ORDER_NOT_FOUND);
  const order = snap.data() ?? {};
  const shipment = shipmentsOf(order).find((s) => s._id === shipmentId);
  if (!shipment) throw notFound('Shipment not found');
  return { order, shipment, json: toOrder(snap) };
}
