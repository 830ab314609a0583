/**
 * A shopper starts a return or an exchange (docs/returns.md): POST /api/order/{id}/returns.
 * One transaction reads the order, the seller's return window, the products of the lines, the
 * year's return counter and the photos' documents, checks every rule, then writes the return,
 * the units it claims on the order (`returnUnits`), the counter and the mail. Two identical
 * requests at once both write the order document, so Firestore runs them one after the other:
 * the second finds the units claimed (400) and only one return exists.
 */
import {
  DEFAULT_RETURN_WINDOW_DAYS,
  PHOTO_REASONS,
  RETURN_MESSAGES,
  formatDateIN,
  returnDaysLeft,
  returnNumber,
  returnWindowEnd,
  returnedLinePaidPaise,
  salePrice,
  variantLabel,
  type CreateReturnInput,
  type ProductOption,
  type ReturnJson,
} from '@bagshop/domain';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { HttpError, badRequest, notFound } from '../lib/errors.js';
import { products } from '../catalog/index.js';
import { preparePhotos } from '../images/index.js';
import type { ProcessedImage } from '../images/index.js';
import { ORDER_NOT_FOUND, orders, runOrderTransaction, type Actor, type StoredOrder } from '../orders/store.js';
import { queueMail } from '../mail/index.js';
import { sellerRef } from '../seller/index.js';
import { refundToLabel, returnMail } from './mails.js';
import { deliveredAtOf, orderLines, returnCounter, returnUnitsOf, returnsCollection, toReturn, type OrderLine } from './store.js';

function fieldError(field: string, message: string): HttpError {
  return badRequest(message, [{ field, message }]);
}

/** The seller's return window in days (settings/seller `returnWindowDays`, default 7). */
export function windowDaysOf(seller: FirebaseFirestore.DocumentData | undefined): number {
  const days = seller?.returnWindowDays;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0 ? days : DEFAULT_RETURN_WINDOW_DAYS;
}

interface StoredVariant {
  _id?: unknown;
  sku?: unknown;
  options?: Record<string, string>;
  price?: unknown;
  discount?: unknown;
  dimensionsCm?: { length: number; width: number; height: number };
}

/** The line of the product document that describes a variant (the product itself for one without variants). */
function variantOf(product: FirebaseFirestore.DocumentData, variantId: string, productId: string): StoredVariant | null {
  const variants = Array.isArray(product.variants) ? (product.variants as StoredVariant[]) : [];
  const found = variants.find((v) => String(v._id ?? '') === variantId);
  if (found) return found;
  if (variants.length === 0 && variantId === productId)
    return { _id: productId, options: {}, price: product.price, discount: product.discount };
  return null;
}

type ChosenLine = { line: OrderLine; quantity: number };

/** Which order lines the request names (400 for a line not on the order). */
function chooseLines(order: StoredOrder, input: CreateReturnInput): ChosenLine[] {
  const lines = orderLines(order);
  return input.lines.map((l) => {
    const line = lines.find((x) => x.lineId === l.lineId) ?? lines.find((x) => x.productId === l.lineId);
    if (!line) throw fieldError('lines', RETURN_MESSAGES.lineNotOnOrder(l.lineId));
    return { line, quantity: l.quantity };
  });
}

/**
 * Every rule of a return that needs no photo (pure over what was read): delivered, in the
 * window, the lines and units, returnable, the exchange, the refund destination. Run once
 * before the photos are decoded (issue 37: nobody's photos are worked on for a request that
 * would be refused) and again in the transaction on the documents it read.
 */
function planReturn(
  order: StoredOrder,
  chosen: ChosenLine[],
  seller: FirebaseFirestore.DocumentData | undefined,
  productSnaps: FirebaseFirestore.DocumentSnapshot[],
  input: CreateReturnInput,
  clock: Date,
) {
  if (order.status !== 'completed') throw badRequest(RETURN_MESSAGES.notCompleted);
  const days = windowDaysOf(seller);
  if (days === 0) throw badRequest(RETURN_MESSAGES.windowOff);
  const deliveredAt = deliveredAtOf(order);
  const end = deliveredAt ? returnWindowEnd(deliveredAt, days) : null;
  if (!deliveredAt || !end || returnDaysLeft(deliveredAt, days, clock) === 0)
    throw badRequest(RETURN_MESSAGES.windowEnded(days, end ? formatDateIN(end.toISOString()) : 'delivery'));

  const productById = new Map(productSnaps.map((s) => [s.id, s]));
  const claimed = { ...returnUnitsOf(order) };
  const returnLines = chosen.map(({ line, quantity }) => {
    const product = productById.get(line.productId);
    if (product?.exists && product.get('returnable') === false)
      throw fieldError('lines', RETURN_MESSAGES.nonReturnable(line.name, String(product.get('nonReturnableReason') ?? '')));
    const already = Number(claimed[line.lineId] ?? 0);
    const left = line.quantity - already;
    if (left <= 0) throw fieldError('lines', RETURN_MESSAGES.alreadyReturned(line.name));
    if (quantity > left) throw fieldError('lines', RETURN_MESSAGES.tooMany(line.name, left));
    claimed[line.lineId] = already + quantity;
    return {
      lineId: line.lineId,
      lineIndex: line.index,
      productId: line.productId,
      variantId: line.variantId,
      sku: line.sku,
      name: line.name,
      variantLabel: line.variantLabel,
      quantity,
      alreadyReturned: already,
      refundPaise: returnedLinePaidPaise(line.raw, quantity, already),
    };
  });

  let exchange: Record<string, unknown> | null = null;
  if (input.resolution === 'exchange') {
    const { line } = chosen[0] as { line: OrderLine };
    const product = productById.get(line.productId);
    const target = product?.exists ? variantOf(product.data() ?? {}, input.exchangeVariantId ?? '', line.productId) : null;
    if (!product?.exists || !target) throw fieldError('exchangeVariantId', RETURN_MESSAGES.exchangeNeedsVariant);
    if (String(target._id) === line.variantId) throw fieldError('exchangeVariantId', RETURN_MESSAGES.exchangeSameVariant);
    const sale = salePrice(Number(target.price ?? 0), Number(target.discount ?? 0));
    if (sale !== salePrice(line.price, line.discount)) throw fieldError('exchangeVariantId', RETURN_MESSAGES.exchangeSamePrice);
    const options = (product.get('options') ?? []) as ProductOption[];
    exchange = {
      variantId: String(target._id),
      sku: String(target.sku ?? ''),
      variantLabel: variantLabel(options, {
        options: target.options ?? {},
        ...(target.dimensionsCm ? { dimensionsCm: target.dimensionsCm } : {}),
      }),
      options: target.options ?? {},
      heldAt: null,
      releasedAt: null,
      shipmentId: null,
      awb: null,
    };
  }

  const cod = order.paymentMethod === 'COD';
  if (cod && input.resolution === 'refund' && !input.refundTo) throw fieldError('refundTo', RETURN_MESSAGES.refundToNeeded);

  return { returnLines, claimed, exchange, cod };
}

export async function createReturn(
  actor: Actor,
  orderId: string,
  input: CreateReturnInput,
  photos: { count: number; load: () => Promise<ProcessedImage[]> },
  clock: Date = new Date(),
): Promise<ReturnJson> {
  if (PHOTO_REASONS.includes(input.reason) && photos.count === 0) throw fieldError('photos', RETURN_MESSAGES.photosRequired);
  if (input.resolution === 'exchange' && !input.exchangeVariantId)
    throw fieldError('exchangeVariantId', RETURN_MESSAGES.exchangeNeedsVariant);
  if (input.resolution === 'exchange' && input.lines.length !== 1) throw fieldError('lines', RETURN_MESSAGES.exchangeOneLine);
  const seenLines = new Set<string>();
  for (const l of input.lines) {
    if (seenLines.has(l.lineId)) throw fieldError('lines', `Line ${l.lineId} is listed twice`);
    seenLines.add(l.lineId);
  }
  const orderRef = orders().doc(orderId);
  const year = clock.getUTCFullYear();
  const now = Timestamp.fromDate(clock);

  // Everything that needs no photo, before any photo is decoded: owner, window, lines (issue 37).
  const first = await orderRef.get();
  if (!first.exists || first.get('userId') !== actor.uid) throw notFound(ORDER_NOT_FOUND);
  const firstOrder = first.data() as StoredOrder;
  const firstChosen = chooseLines(firstOrder, input);
  const [firstSeller, ...firstProducts] = await orderRef.firestore.getAll(
    sellerRef(),
    ...[...new Set(firstChosen.map((c) => c.line.productId))].map((p) => products().doc(p)),
  );
  planReturn(firstOrder, firstChosen, firstSeller?.data(), firstProducts, input, clock);
  const processed = photos.count > 0 ? await photos.load() : [];

  const { id, mailOrder } = await runOrderTransaction(async (tx) => {
    const snap = await tx.get(orderRef);
    if (!snap.exists || snap.get('userId') !== actor.uid) throw notFound(ORDER_NOT_FOUND);
    const order = snap.data() as StoredOrder;
    // Which lines, before reading their products.
    const chosen = chooseLines(order, input);
    const productIds = [...new Set(chosen.map((c) => c.line.productId))];
    const [sellerSnap, counterSnap, ...productSnaps] = await tx.getAll(
      sellerRef(),
      returnCounter(year),
      ...productIds.map((p) => products().doc(p)),
    );
    const pictures = await preparePhotos(tx, processed);

    const { returnLines, claimed, exchange, cod } = planReturn(order, chosen, sellerSnap?.data(), productSnaps, input, clock);

    const sequence = Number(counterSnap?.get('last') ?? 0) + 1;
    const number = returnNumber(year, sequence);
    const refundPaise = input.resolution === 'refund' ? returnLines.reduce((s, l) => s + l.refundPaise, 0) : 0;
    const doc = {
      number,
      orderId,
      userId: actor.uid,
      status: 'requested',
      lines: returnLines,
      reason: input.reason,
      comment: input.comment,
      resolution: input.resolution,
      paymentMethod: cod ? 'COD' : 'ONLINE',
      refundPaise,
      refundTo: cod && input.resolution === 'refund' ? (input.refundTo ?? null) : null,
      photos: pictures.refs,
      exchange,
      pickup: null,
      qualityCheck: null,
      stockRestockedAt: null,
      refund: null,
      payout: null,
      creditNote: null,
      rejectionReason: '',
      history: [{ status: 'requested', at: now, by: actor.uid, note: input.comment }],
      createdAt: now,
      updatedAt: now,
    };
    pictures.apply();
    tx.set(counterRef(year), { last: sequence, updatedAt: now }, { merge: true });
    tx.create(returnsCollection().doc(number), doc);
    tx.update(orderRef, { returnUnits: claimed, returnNumbers: FieldValue.arrayUnion(number), updatedAt: now });
    queueMail(
      tx,
      returnMail(
        'requested',
        {
          number,
          orderId,
          resolution: input.resolution,
          refundPaise,
          paymentMethod: doc.paymentMethod,
          refundToLabel: refundToLabel(doc.refundTo),
        },
        order,
      ),
    );
    return { id: number, mailOrder: order };
  });
  void mailOrder;
  return toReturn(await returnsCollection().doc(id).get());
}

const counterRef = returnCounter;

/** GET /api/order/{id}/returns: the order's returns (newest first), its window and what each line may still return. */
export async function orderReturns(actor: Actor, orderId: string, clock: Date = new Date()) {
  const snap = await orders().doc(orderId).get();
  if (!snap.exists || (actor.role !== 'admin' && snap.get('userId') !== actor.uid)) throw notFound(ORDER_NOT_FOUND);
  const order = snap.data() as StoredOrder;
  const lines = orderLines(order);
  const productIds = [...new Set(lines.map((l) => l.productId).filter(Boolean))];
  const [sellerSnap, ...productSnaps] = await orders().firestore.getAll(sellerRef(), ...productIds.map((p) => products().doc(p)));
  const days = windowDaysOf(sellerSnap?.data());
  const deliveredAt = order.status === 'completed' ? deliveredAtOf(order) : null;
  const end = deliveredAt ? returnWindowEnd(deliveredAt, days) : null;
  const daysLeft = deliveredAt ? returnDaysLeft(deliveredAt, days, clock) : 0;
  const productById = new Map(productSnaps.map((s) => [s.id, s]));
  const claimed = returnUnitsOf(order);
  const list = await returnsCollection().where('orderId', '==', orderId).get();
  const returns = list.docs.map(toReturn).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    window: { days, deliveredAt: deliveredAt?.toISOString() ?? null, endsAt: end?.toISOString() ?? null, daysLeft },
    lines: lines.map((l) => {
      const product = productById.get(l.productId);
      const returnable = !(product?.exists && product.get('returnable') === false);
      return {
        lineId: l.lineId,
        name: l.name,
        variantLabel: l.variantLabel,
        quantity: l.quantity,
        returnedUnits: Number(claimed[l.lineId] ?? 0),
        returnable,
        nonReturnableReason: returnable ? '' : String(product?.get('nonReturnableReason') ?? ''),
        canReturn: returnable && daysLeft > 0 && l.quantity - Number(claimed[l.lineId] ?? 0) > 0,
      };
    }),
    returns,
  };
}
