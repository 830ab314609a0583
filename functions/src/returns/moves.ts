/**
 * The admin moves a return along its graph (docs/returns.md): PATCH /api/admin/returns/{number}.
 * Every move re-reads the return and its order in one transaction, checks the graph (409
 * otherwise), appends to `history`, queues the shopper's mail, and does the move's work:
 *   approved         an exchange's new variant is held (its stock taken);
 *   pickup_scheduled booked through the courier adapter (COURIER_PROVIDER=shiprocket), else the
 *                    admin's courier and AWB;
 *   received         the quality check; passed → the units go back to their variant, exactly once;
 *   refunded         refund = the lines' paid amount; the order's payment.refundedPaise grows
 *                    (never past what was paid); the partial credit note; a prepaid refund goes
 *                    to the order's provider after the commit (idempotency key per return), a COD
 *                    refund becomes a payout the admin marks paid;
 *   exchanged        a new shipment of the held variant on the order (no payment, no invoice);
 *   rejected         from requested (the units are free again) or after a failed check; an
 *                    exchange's hold goes back.
 */
import {
  addToSeriesMonth,
  CREDIT_NOTE_SERIES_MAX,
  RETURN_CREDIT_NOTE_REASON,
  RETURN_MESSAGES,
  RETURN_STATUS_LABELS,
  canMoveReturn,
  creditNoteNumber,
  financialYearLabel,
  financialYearName,
  financialYearStart,
  invoiceFromData,
  istMonthOf,
  returnCreditNoteLines,
  returnCreditNoteRow,
  seriesMonthsFromData,
  returnedLinePaidPaise,
  shipmentItemName,
  taxTotals,
  type ReturnJson,
  type ReturnStatus,
  type ReturnStatusUpdate,
} from '@bagshop/domain';
import { randomBytes } from 'node:crypto';
import { logger } from 'firebase-functions';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { plainData } from '../lib/firestore-data.js';
import { queueMail } from '../mail/index.js';
import { orders, paymentOf, runOrderTransaction, type Actor, type StoredOrder } from '../orders/store.js';
import { providerOf } from '../payments/actions.js';
import { readStock, restoreStock } from '../catalog/index.js';
import { taxSeries } from '../tax/invoices.js';
import { recordTaxDocuments } from '../tax/months.js';
import { db } from '../lib/admin.js';
import { variantStockDocs } from '../catalog/index.js';
import { bookReturnWithShiprocket, bookWithShiprocket, courierProvider, type Booking } from '../shipping/index.js';
import { labelPath, parcelOf, shipmentsOf, type StoredShipment } from '../fulfilment/shipments.js';
import { refundToLabel, returnMail, returnMailFacts } from './mails.js';
import { orderLines, paidPaiseOf, refundedUnitsOf, returnUnitsOf, returnsCollection, toReturn, type StoredReturn } from './store.js';
import { sendReturnRefund } from './refunds.js';
import { prepareOfferRelease } from '../offers/index.js';

type Patch = Record<string, unknown>;

/** The stock slot of the exchange's new variant (variantStock, or the product for one stored before variants). */
async function readExchangeSlot(tx: Transaction, ret: StoredReturn): Promise<DocumentSnapshot> {
  return tx.get(variantStockDocs().doc(String(ret.exchange?.variantId ?? '')));
}

/** What the courier needs of the order: its shopper and address. */
async function courierFacts(order: StoredOrder) {
  const plain = plainData(order) as Record<string, unknown>;
  const user = (plain.user ?? {}) as { fullname?: { firstname?: string; lastname?: string }; email?: string };
  const address = (plain.shippingAddress ?? {}) as Record<string, string>;
  const uid = String(order.userId ?? '');
  const profile = uid ? await orders().firestore.doc(`users/${uid}`).get() : null;
  const phone = String(profile?.get('phonenumber') ?? '')
    .replace(/\D/g, '')
    .slice(-10);
  return {
    customer: { name: `${user.fullname?.firstname ?? ''} ${user.fullname?.lastname ?? ''}`.trim(), email: user.email ?? '', phone },
    address: {
      street: address.street ?? '',
      city: address.city ?? '',
      state: address.state ?? '',
      postalCode: address.postalCode ?? '',
      country: address.country ?? 'India',
      landmark: address.landmark ?? '',
    },
  };
}

/** Books with the courier before the transaction when the move needs it and the admin gave no AWB. */
async function bookIfNeeded(
  ret: StoredReturn,
  order: StoredOrder,
  update: ReturnStatusUpdate,
): Promise<{ booking: Booking; provider: 'manual' | 'shiprocket' } | null> {
  if (update.status !== 'pickup_scheduled' && update.status !== 'exchanged') return null;
  const manual = update.awb !== undefined || courierProvider() === 'manual';
  if (manual) {
    if (!update.courier || !update.awb)
      throw badRequest(RETURN_MESSAGES.pickupNeedsAwb, [{ field: 'awb', message: RETURN_MESSAGES.pickupNeedsAwb }]);
    return {
      booking: {
        courier: update.courier,
        awb: update.awb,
        trackingUrl: '',
        providerOrderId: null,
        providerShipmentId: null,
        courierLabelUrl: null,
      },
      provider: 'manual',
    };
  }
  const facts = await courierFacts(order);
  const lines = (Array.isArray(ret.lines) ? ret.lines : []) as {
    name: string;
    sku: string;
    quantity: number;
    refundPaise: number;
    productId: string;
    variantId: string;
  }[];
  if (update.status === 'pickup_scheduled') {
    const parcel = await parcelOf({ items: lines.map((l) => ({ _id: l.productId, variantId: l.variantId, quantity: l.quantity })) });
    const booking = await bookReturnWithShiprocket({
      returnNumber: String(ret.number),
      placedAt: new Date(),
      ...facts,
      items: lines.map((l) => ({
        name: l.name,
        sku: l.sku || l.variantId,
        units: l.quantity,
        sellingPrice: Math.round(l.refundPaise / 100 / Math.max(1, l.quantity)),
      })),
      ...parcel,
    });
    return { booking, provider: 'shiprocket' };
  }
  const line = lines[0];
  // The parcel out holds the new variant: its weight and size.
  const parcel = await parcelOf({ items: [{ _id: line?.productId, variantId: ret.exchange?.variantId, quantity: line?.quantity ?? 1 }] });
  const booking = await bookWithShiprocket({
    orderId: `${String(ret.orderId)}-${String(ret.number)}`,
    placedAt: new Date(),
    paymentMethod: 'ONLINE',
    totalAmount: 0,
    ...facts,
    items: [
      {
        // The new variant goes out, not the returned one.
        name: `${shipmentItemName(line?.name ?? 'Exchange', String(ret.exchange?.variantLabel ?? ''))}, exchange`,
        sku: String(ret.exchange?.sku || ret.exchange?.variantId || ''),
        units: line?.quantity ?? 1,
        sellingPrice: 0,
      },
    ],
    ...parcel,
  });
  return { booking, provider: 'shiprocket' };
}

export async function moveReturn(actor: Actor, number: string, update: ReturnStatusUpdate, clock: Date = new Date()): Promise<ReturnJson> {
  const ref = returnsCollection().doc(number);
  const first = await ref.get();
  if (!first.exists) throw notFound(RETURN_MESSAGES.notFound);
  const firstRet = first.data() as StoredReturn;
  const from = firstRet.status as ReturnStatus;
  if (!canMoveReturn(from, update.status)) throw conflict(RETURN_MESSAGES.move(RETURN_STATUS_LABELS[from].toLowerCase(), update.status));
  const firstOrder = (await orders().doc(String(firstRet.orderId)).get()).data() ?? {};
  const booked = await bookIfNeeded(firstRet, firstOrder, update);
  const now = Timestamp.fromDate(clock);

  const result = await runOrderTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(RETURN_MESSAGES.notFound);
    const ret = snap.data() as StoredReturn;
    const orderRef = orders().doc(String(ret.orderId));
    const orderSnap = await tx.get(orderRef);
    const order = (orderSnap.data() ?? {}) as StoredOrder;
    const status = ret.status as ReturnStatus;
    const to = update.status;
    if (!canMoveReturn(status, to)) throw conflict(RETURN_MESSAGES.move(RETURN_STATUS_LABELS[status].toLowerCase(), to));
    const isExchange = ret.resolution === 'exchange';
    const qcPassed = ret.qualityCheck?.passed === true;
    const patch: Patch = { status: to, updatedAt: now };
    const orderPatch: Patch = {};
    const writes: ((tx: Transaction) => void)[] = [];
    let after: (() => Promise<void>) | null = null;
    const mailExtra: { awb?: string; note?: string; passed?: boolean } = { note: update.note };

    if (to === 'approved' && isExchange && !ret.exchange?.heldAt) {
      const slot = await readExchangeSlot(tx, ret);
      const units = Number(ret.lines?.[0]?.quantity ?? 0);
      const stock = Number(slot.get('stock') ?? 0);
      if (!slot.exists || stock < units)
        throw conflict(RETURN_MESSAGES.exchangeOutOfStock(String(ret.exchange?.variantLabel || ret.exchange?.sku || 'That variant')));
      writes.push((w) => w.update(slot.ref, { stock: stock - units, updatedAt: now }));
      patch['exchange.heldAt'] = now;
    }
    if (to === 'pickup_scheduled' && booked) {
      patch.pickup = {
        courier: booked.booking.courier,
        awb: booked.booking.awb,
        provider: booked.provider,
        scheduledAt: now,
        trackingUrl: booked.booking.trackingUrl,
      };
      mailExtra.awb = booked.booking.awb;
    }
    if (to === 'received') {
      if (!update.qualityCheck)
        throw badRequest(RETURN_MESSAGES.qualityCheckNeeded, [{ field: 'qualityCheck', message: RETURN_MESSAGES.qualityCheckNeeded }]);
      const passed = update.qualityCheck === 'passed';
      patch.qualityCheck = { passed, note: update.note, at: now };
      mailExtra.passed = passed;
      if (passed && !ret.stockRestockedAt) {
        const lines = (ret.lines ?? []) as { productId: string; variantId: string; quantity: number }[];
        const items = { items: lines.map((l) => ({ _id: l.productId, variantId: l.variantId, quantity: l.quantity })) };
        const snaps = await readStock(tx, items);
        writes.push((w) => restoreStock(w, items, snaps));
        patch.stockRestockedAt = now;
      }
    }
    if (to === 'refunded' || to === 'exchanged') {
      if (!qcPassed) throw conflict(RETURN_MESSAGES.failedCheck);
      if (to === 'refunded' && isExchange) throw conflict(RETURN_MESSAGES.resolutionIs('exchange'));
      if (to === 'exchanged' && !isExchange) throw conflict(RETURN_MESSAGES.resolutionIs('refund'));
    }
    if (to === 'refunded') {
      const lines = orderLines(order);
      const refunded = { ...refundedUnitsOf(order) };
      const retLines = ((ret.lines ?? []) as Record<string, unknown>[]).map((l) => {
        const line = lines[Number(l.lineIndex)];
        const already = Number(refunded[String(l.lineId)] ?? 0);
        const quantity = Number(l.quantity);
        refunded[String(l.lineId)] = already + quantity;
        const refundPaise = line ? returnedLinePaidPaise(line.raw, quantity, already) : Number(l.refundPaise ?? 0);
        return { ...l, lineIndex: Number(l.lineIndex), quantity, alreadyReturned: already, refundPaise };
      });
      const amount = retLines.reduce((s, l) => s + Number(l.refundPaise), 0);
      const payment = paymentOf(order);
      const before = Number(payment.refundedPaise ?? 0);
      if (before + amount > paidPaiseOf(order)) throw conflict(RETURN_MESSAGES.overRefund);
      patch.lines = retLines;
      patch.refundPaise = amount;
      orderPatch['payment.refundedPaise'] = before + amount;
      orderPatch.refundedUnits = refunded;
      // Every unit refunded: the order gives its offers' uses back (docs/offers.md), as a cancel does.
      if (lines.every((l) => Number(refunded[l.lineId] ?? 0) >= l.quantity)) {
        const release = await prepareOfferRelease(tx, order, now);
        if (release) writes.push((w) => Object.assign(orderPatch, release(w)));
      }
      // The partial credit note, numbered in this transaction from the credit-note series.
      const invoice = invoiceFromData(plainData(order.invoice));
      if (invoice && !ret.creditNote) {
        const fyStart = financialYearStart(clock);
        const counterRef = taxSeries().doc(`credit-note-${fyStart}`);
        const counter = await tx.get(counterRef);
        const sequence = Number(counter.get('last') ?? 0) + 1;
        if (sequence > CREDIT_NOTE_SERIES_MAX)
          throw conflict(`The credit note series of ${financialYearLabel(fyStart)} is full (${CREDIT_NOTE_SERIES_MAX} notes)`);
        const noteLines = returnCreditNoteLines(
          invoice,
          retLines.map((l) => ({
            lineIndex: Number(l.lineIndex),
            quantity: Number(l.quantity),
            alreadyReturned: Number(l.alreadyReturned),
            refundPaise: Number(l.refundPaise),
          })),
        );
        const noteNumber = creditNoteNumber(invoice.number.split('/')[0] ?? '', fyStart, sequence);
        patch.creditNote = {
          number: noteNumber,
          issuedAt: now,
          financialYear: financialYearName(fyStart),
          invoiceNumber: invoice.number,
          reason: `${RETURN_CREDIT_NOTE_REASON} (${number})`,
          returnNumber: number,
          lines: noteLines,
          totals: taxTotals(noteLines),
        };
        // The month's series range and totals for the Tax view (tax/months.ts).
        const months = seriesMonthsFromData(counter.get('months'));
        addToSeriesMonth(months, istMonthOf(clock), sequence, noteNumber);
        const row = returnCreditNoteRow(orderRef.id, invoice, {
          number: noteNumber,
          issuedAt: now.toDate().toISOString(),
          invoiceNumber: invoice.number,
          returnNumber: number,
          lines: noteLines,
          totals: taxTotals(noteLines),
        });
        writes.push((w) => {
          w.set(counterRef, {
            series: 'credit-note',
            financialYear: financialYearName(fyStart),
            last: sequence,
            lastNumber: noteNumber,
            orderId: orderRef.id,
            returnNumber: number,
            months,
            updatedAt: now,
          });
          recordTaxDocuments(db, (ref, data) => w.set(ref, data, { merge: true }), [row]);
        });
      }
      if (ret.paymentMethod === 'COD') {
        const to = ret.refundTo as Record<string, unknown> | null;
        patch.payout = {
          method: to && typeof to.upiId === 'string' ? 'upi' : 'bank',
          to: refundToLabel(to),
          amountPaise: amount,
          status: 'pending',
          reference: '',
          paidAt: null,
          paidBy: '',
        };
      } else {
        const paymentId = typeof payment.paymentIntentId === 'string' ? payment.paymentIntentId : null;
        const provider = providerOf(order);
        const key = `refund-${number}`;
        patch.refund = {
          provider,
          id: null,
          status: 'pending',
          amountPaise: amount,
          idempotencyKey: key,
          requestedAt: now,
          refundedAt: null,
          paymentId,
        };
        // Until the provider answers: the sweep's retry looks for this one field.
        patch.refundUnsent = Boolean(paymentId);
        after = async () => {
          if (paymentId)
            await sendReturnRefund({ provider, orderId: orderRef.id, returnNumber: number, paymentId, amountPaise: amount, key });
          else logger.error('return_refund_without_payment', { orderId: orderRef.id, returnNumber: number });
        };
      }
      ret.refundPaise = amount;
    }
    if (to === 'exchanged' && booked) {
      const shipmentId = randomBytes(8).toString('hex');
      const line = (ret.lines ?? [])[0] as { productId: string; name: string; quantity: number } | undefined;
      const parcel = await parcelOf({
        items: [{ _id: line?.productId, variantId: ret.exchange?.variantId, quantity: line?.quantity ?? 1 }],
      });
      const shipment: StoredShipment & { kind: string; returnNumber: string; items: unknown[] } = {
        _id: shipmentId,
        courier: booked.booking.courier,
        awb: booked.booking.awb,
        trackingUrl: booked.booking.trackingUrl,
        labelUrl: labelPath(orderRef.id, shipmentId),
        provider: booked.provider,
        providerOrderId: booked.booking.providerOrderId,
        providerShipmentId: booked.booking.providerShipmentId,
        courierLabelUrl: booked.booking.courierLabelUrl,
        status: 'booked',
        ...parcel,
        events: [],
        createdAt: now,
        kind: 'exchange',
        returnNumber: number,
        items: [
          {
            productId: line?.productId ?? '',
            variantId: ret.exchange?.variantId,
            sku: ret.exchange?.sku,
            name: line?.name ?? '',
            variantLabel: ret.exchange?.variantLabel,
            quantity: line?.quantity ?? 1,
          },
        ],
      };
      orderPatch.shipments = [...shipmentsOf(order), shipment];
      orderPatch.shipmentAwbs = [...(Array.isArray(order.shipmentAwbs) ? (order.shipmentAwbs as string[]) : []), shipment.awb];
      patch['exchange.shipmentId'] = shipmentId;
      patch['exchange.awb'] = shipment.awb;
      mailExtra.awb = shipment.awb;
    }
    if (to === 'rejected') {
      if (!update.note) throw badRequest(RETURN_MESSAGES.rejectNeedsNote, [{ field: 'note', message: RETURN_MESSAGES.rejectNeedsNote }]);
      if (status === 'received' && qcPassed) throw conflict(RETURN_MESSAGES.passedCheck);
      patch.rejectionReason = update.note;
      if (isExchange && ret.exchange?.heldAt && !ret.exchange?.releasedAt) {
        const slot = await readExchangeSlot(tx, ret);
        const units = Number(ret.lines?.[0]?.quantity ?? 0);
        if (slot.exists) writes.push((w) => w.update(slot.ref, { stock: Number(slot.get('stock') ?? 0) + units, updatedAt: now }));
        patch['exchange.releasedAt'] = now;
      }
      if (status === 'requested') {
        // Never picked up: the units may be returned again.
        const claimed = { ...returnUnitsOf(order) };
        for (const l of (ret.lines ?? []) as { lineId: string; quantity: number }[])
          claimed[l.lineId] = Math.max(0, Number(claimed[l.lineId] ?? 0) - l.quantity);
        orderPatch.returnUnits = claimed;
      }
    }

    patch.history = [...(Array.isArray(ret.history) ? ret.history : []), { status: to, at: now, by: actor.uid, note: update.note }];
    for (const w of writes) w(tx);
    tx.update(ref, patch);
    if (Object.keys(orderPatch).length > 0) tx.update(orderRef, { ...orderPatch, updatedAt: now });
    queueMail(tx, returnMail(to, { ...returnMailFacts(ret) }, order, mailExtra));
    return after;
  });
  if (result) {
    try {
      await result();
    } catch (error) {
      logger.error('return_after_commit_failed', { number, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return toReturn(await ref.get());
}

/** POST /api/admin/returns/{number}/payout: the COD refund was paid (the bank's reference). */
export async function markPayoutPaid(actor: Actor, number: string, reference: string, clock: Date = new Date()): Promise<ReturnJson> {
  const ref = returnsCollection().doc(number);
  const now = Timestamp.fromDate(clock);
  await runOrderTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound(RETURN_MESSAGES.notFound);
    const ret = snap.data() as StoredReturn;
    if (ret.status !== 'refunded' || ret.payout?.status !== 'pending') throw conflict(RETURN_MESSAGES.payoutNotPending);
    const order = (await tx.get(orders().doc(String(ret.orderId)))).data() ?? {};
    tx.update(ref, {
      'payout.status': 'paid',
      'payout.reference': reference,
      'payout.paidAt': now,
      'payout.paidBy': actor.uid,
      history: [
        ...(Array.isArray(ret.history) ? ret.history : []),
        { status: 'refunded', at: now, by: actor.uid, note: `Paid: ${reference}` },
      ],
      updatedAt: now,
    });
    queueMail(tx, returnMail('payout_paid', returnMailFacts(ret), order, { note: reference }));
  });
  return toReturn(await ref.get());
}

/** GET /api/admin/returns: requested first, then the other open ones, then closed; oldest first within each. */
export async function adminReturns(status?: string): Promise<(ReturnJson & { ageHours: number })[]> {
  const query = status ? returnsCollection().where('status', '==', status) : returnsCollection().orderBy('createdAt', 'desc').limit(200);
  const snap = await query.get();
  const now = Date.now();
  const rank = (s: ReturnStatus) => (s === 'requested' ? 0 : ['refunded', 'exchanged', 'rejected'].includes(s) ? 2 : 1);
  return snap.docs
    .map((d) => toReturn(d))
    .map((r) => ({ ...r, ageHours: Math.floor((now - Date.parse(r.createdAt)) / 3_600_000) }))
    .sort((a, b) => rank(a.status) - rank(b.status) || a.createdAt.localeCompare(b.createdAt));
}

export async function getReturn(actor: Actor, number: string): Promise<ReturnJson> {
  const snap = await returnsCollection().doc(number).get();
  if (!snap.exists || (actor.role !== 'admin' && snap.get('userId') !== actor.uid)) throw notFound(RETURN_MESSAGES.notFound);
  return toReturn(snap);
}
