/**
 * Orders with stock (docs/architecture.md "Data model", docs/decisions/0006-server-side-orders-and-stock.md): prices and totals come from Firestore, stock is taken
 * in the same transaction that writes the order, and put back exactly once when an order
 * is cancelled (the status guards it: nothing leaves `cancelled`).
 */
import {
  canAdminCancel,
  canShopperCancel,
  countOpenOrders,
  findShortages,
  lineLimitMessage,
  openOrdersMessage,
  orderTotals,
  stockShortageMessage,
  type CreateOrderInput,
  type Order,
  type OrderListQuery,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  ORDER_PAGE_DEFAULT,
  nameWithVariant,
  productFromData,
  profileFromData,
  shippingAddressFromData,
  storesVariants,
  variantImages,
  variantLabel,
  businessBuyerOf,
  type BusinessBuyer,
  type Product,
  type ShippingAddress,
} from '@bagshop/domain';
import { Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { serverConfig } from '../config.js';
import { db } from '../lib/admin.js';
import { plainDoc } from '../lib/firestore-data.js';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.js';
import { onlinePaymentsConfigured, PAYMENTS_NOT_CONFIGURED } from '../payments/stripe-client.js';
import { products, taxFieldsOf } from '../catalog/index.js';
import { countSales } from '../catalog/index.js';
import { chooseVariant, readSlots, variantStockDocs, writeSlot } from '../catalog/index.js';
import { checkOrderDelivery } from '../shipping/index.js';
import { checkCodPhone } from './cod-phone.js';
import { orderMail, queueMail } from '../mail/index.js';
import { ORDER_NOT_FOUND, orderLock, orders, runOrderTransaction, type Actor } from './store.js';
import { transitionOrder } from './transition.js';
import { ensureInvoiceNumbered } from '../tax/numbering.js';
import { orderFromWrite, toOrder } from './format.js';
import { clearOrderedLines } from '../catalog/index.js';
import { checkHoldingCaps } from '../fulfilment/caps.js';
import { codConfirmToken, codFieldsFor, refuseUnconfirmedCod } from '../fulfilment/cod.js';
import { automaticOffers, claimOrderOffers, prepareOrderOffers } from '../offers/index.js';
import { verifiedPhoneOf } from '../offers/index.js';
import { pricingLine } from '../offers/index.js';

// Kept here too for code that imported them from this module before they moved.
export { CONTENDED, ORDER_NOT_FOUND, orders, runOrderTransaction, type Actor } from './store.js';
export { clearOrderedLines, readCartLines, readStock, restoreStock } from '../catalog/index.js';

const cartOf = (uid: string) => db.collection(`users/${uid}/cart`);

export const CART_EMPTY = 'Your cart is empty';

interface WantedLine {
  productId: string;
  /** The cart line's id, or Buy Now's variantId (optional for a product with one variant). */
  variantId?: string;
  quantity: number;
}

const GONE_FROM_CART = 'An item in your cart is no longer sold; remove it and try again';

async function readProfile(actor: Actor) {
  const snap = await db.doc(`users/${actor.uid}`).get();
  // The order keeps the name and email; the role does not matter here.
  const profile = profileFromData(actor.uid, plainDoc(snap), 'customer');
  return { _id: actor.uid, fullname: profile.fullname, email: profile.email || (actor.email ?? '') };
}

function businessBuyerField(address: ShippingAddress): { buyer?: BusinessBuyer } {
  const buyer = businessBuyerOf(address);
  return buyer ? { buyer } : {};
}

/** The shipping address as the order keeps it (its own copy, without the id). */
async function readAddress(uid: string, addressId: string) {
  const snap = await db.doc(`users/${uid}/addresses/${addressId}`).get();
  if (!snap.exists) throw notFound('Address not found');
  return shippingAddressFromData(plainDoc(snap));
}

/**
 * The ordered products. A product with variants keeps its stock in `variantStock` (read in the
 * transaction, last), so its document — names, prices, the variants — is read without taking a
 * lock: every buyer of a bag reads it, and on Firestore (and more so on its emulator) transactions
 * that all lock one document queue behind one another until some time out (issue 37). A product
 * stored before variants keeps its stock on its own document, which is read in the transaction.
 */
async function readProducts(tx: Transaction, ids: readonly string[]): Promise<DocumentSnapshot[]> {
  const plain = await db.getAll(...ids.map((id) => products().doc(id)));
  const legacy = plain.filter((s) => s.exists && !storesVariants(s.data()));
  if (legacy.length === 0) return plain;
  const locked = new Map((await tx.getAll(...legacy.map((s) => s.ref))).map((s) => [s.id, s]));
  return plain.map((s) => locked.get(s.id) ?? s);
}

/**
 * POST /api/order. Buy Now (productId) orders that product; otherwise the whole cart.
 * One transaction reads the products, checks stock, takes it, writes the order and, for
 * cash on delivery, takes the ordered lines out of the cart.
 */
export async function placeOrder(
  actor: Actor,
  input: CreateOrderInput,
  /** Runs inside the order's transaction (an Idempotency-Key binding the order id: order-idempotency.ts). */
  bind?: (tx: Transaction, orderId: string) => void,
): Promise<Order> {
  // An online order would hold stock until its payment expires: refuse it up front.
  if (input.paymentMethod === 'ONLINE' && !onlinePaymentsConfigured()) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
  const { limits, paymentHoldSeconds, paymentProvider } = serverConfig();
  if (input.emiPlan && paymentProvider !== 'razorpay')
    throw badRequest('Card EMI plans are paid through Razorpay, which this shop does not use');
  if (input.productId !== undefined && (input.quantity ?? 1) > limits.maxLineQuantity) {
    throw badRequest(lineLimitMessage(limits.maxLineQuantity, 'order'), [
      { field: 'quantity', message: lineLimitMessage(limits.maxLineQuantity, 'order') },
    ]);
  }
  // Cash on delivery needs a verified phone (orders/cod-phone.ts). Every order records
  // the buyer's verified phone: first-order offers count per phone (offers/store.ts `isFirstOrder`).
  const verifiedPhone =
    input.paymentMethod === 'COD' ? await checkCodPhone(actor.uid, input.paymentMethod) : await verifiedPhoneOf(actor.uid);
  const [shippingAddress, profile] = await Promise.all([readAddress(actor.uid, input.addressId), readProfile(actor)]);
  const user = verifiedPhone ? { ...profile, phone: verifiedPhone } : profile;
  const buyNow = input.productId !== undefined;
  const orderRef = orders().doc();
  // The automatic offers (docs/offers.md), read before the transaction: a query in it would lock every offer.
  const automatic = await automaticOffers(new Date());
  const automaticIds = automatic.map((o) => o._id);
  // A place for each limited offer, claimed before the transaction (offers/uses.ts): a code with
  // none left refuses here, 409 "This code has been fully used", and nothing is taken.
  const claims = await claimOrderOffers(actor.uid, orderRef.id, {
    withCode: !buyNow,
    automatic,
    paymentMethod: input.paymentMethod,
    now: new Date(),
  });

  // What a lost try learnt (issue 37): the lines and where their stock lives, for the retries'
  // cheap stock check and for taking turns on those stock documents and the shopper's lock.
  let contended: {
    named: { productId: string; quantity: number; name: string }[];
    stockRefs: { variantId: string; ref: DocumentReference }[];
  } | null = null;
  const soldOutCheck = async () => {
    if (!contended) return;
    const snaps = await db.getAll(...contended.stockRefs.map((s) => s.ref));
    const stockById: Record<string, number> = {};
    contended.stockRefs.forEach((s, i) => (stockById[s.variantId] = Number(snaps[i]?.get('stock') ?? 0)));
    const shortages = findShortages(contended.named, stockById);
    if (shortages.length > 0) throw conflict(shortages.map((s) => stockShortageMessage(s.name, s.left)).join('; '));
  };
  const turnKeys = () => [`orderLock-${actor.uid}`, ...(contended?.stockRefs.map((s) => `stock-${s.variantId}`) ?? [])];

  let data;
  try {
    // It does not give up at the first contention (runOrderTransaction runs it again, bounded, with
    // jitter: issue 37): a shopper is refused only when the stock, a cap or an offer says so. An order
    // holding a place of a limited offer (offers/uses.ts) relies on the same retry: the place is its
    // own, and "try again" would hand it back to the next shopper (docs/offers.md "Counting the uses").
    data = await runOrderTransaction(
      async (tx) => {
        let wanted: WantedLine[];
        let cartLines: DocumentSnapshot[];
        if (input.productId !== undefined) {
          wanted = [{ productId: input.productId, variantId: input.variantId, quantity: input.quantity ?? 1 }];
          cartLines = [];
        } else {
          // The cart's lines found by a plain query, then read (locked) in the transaction: a query in
          // a transaction locks a range that every other shopper's order writes into (their cart lines
          // cleared), and on the emulator such orders wait for one another until they all time out
          // (issue 37, docs/orders-and-payments.md "Contention"). A line added meanwhile is not in this
          // order (it stays in the cart); one removed meanwhile reads as missing and is left out.
          const found = await cartOf(actor.uid).get();
          const read = found.empty ? [] : await tx.getAll(...found.docs.map((d) => d.ref));
          cartLines = read.filter((d) => d.exists);
          wanted = cartLines
            .map((d) => ({ productId: String(d.get('productId') ?? d.id), variantId: d.id, quantity: Number(d.get('quantity') ?? 0) }))
            .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
          if (wanted.length === 0) throw badRequest(CART_EMPTY);
        }

        // Limits per shopper. The lock document, read in this transaction and written by every order
        // of the shopper (and by "Pay online instead"), makes their concurrent orders take turns, so
        // two at once cannot both pass the count. The pending orders are queried after it, outside
        // the transaction: nothing that adds to the count commits between that read and this
        // transaction's commit without changing the lock (the commit would then fail and run again),
        // and a query in the transaction would lock the range every other shopper's new order is
        // written into (issue 37, docs/orders-and-payments.md "Contention").
        await tx.get(orderLock(actor.uid));
        const open = await orders().where('userId', '==', actor.uid).where('status', '==', 'pending').get();
        const counts = countOpenOrders(
          open.docs.map((d) => ({
            status: d.get('status') as OrderStatus,
            paymentMethod: d.get('paymentMethod') as PaymentMethod,
            paymentStatus: (d.get('payment.status') ?? 'unpaid') as PaymentStatus,
          })),
        );
        if (input.paymentMethod === 'ONLINE' && counts.online >= limits.maxOpenOnlineOrders) {
          throw conflict(openOrdersMessage('ONLINE', limits.maxOpenOnlineOrders));
        }
        if (input.paymentMethod === 'COD' && counts.cod >= limits.maxOpenCodOrders)
          throw conflict(openOrdersMessage('COD', limits.maxOpenCodOrders));

        // Stock-holding caps (docs/fulfilment.md): units held unpaid/unconfirmed, the churn block.
        await checkHoldingCaps(
          tx,
          actor.uid,
          open.docs.map((d) => d.data()),
          wanted.reduce((sum, l) => sum + l.quantity, 0),
        );

        const productIds = [...new Set(wanted.map((l) => l.productId))];
        const snaps = await readProducts(tx, productIds);
        // A draft (docs/legal-metrology.md) is not for sale: gone, as an unknown product.
        const missing = snaps.filter((s) => !s.exists || s.get('published') === false);
        if (missing.length > 0) {
          throw buyNow ? notFound('Product not found') : conflict(GONE_FROM_CART);
        }
        const byId = new Map(snaps.map((s) => [s.id, s]));
        // Each line's variant (Buy Now: the one named, or the product's only one; 400 "Choose a …").
        const productById = new Map(snaps.map((s) => [s.id, productFromData(s.id, plainDoc(s))]));
        const lines = wanted.map((l) => {
          const product = productById.get(l.productId) as Product;
          let variant;
          try {
            variant = chooseVariant(product, l.variantId);
          } catch (error) {
            if (buyNow) throw error;
            throw conflict(GONE_FROM_CART);
          }
          return { ...l, product, variant, label: variantLabel(product.options ?? [], variant) };
        });
        if (buyNow) cartLines = [await tx.get(cartOf(actor.uid).doc(lines[0]?.variant._id ?? ''))];
        const named = lines.map((l) => ({
          productId: l.variant._id,
          quantity: l.quantity,
          name: nameWithVariant(l.product.name, l.label),
        }));
        contended = {
          named,
          stockRefs: lines.map((l) => ({
            variantId: l.variant._id,
            ref: storesVariants(byId.get(l.productId)?.data()) ? variantStockDocs().doc(l.variant._id) : products().doc(l.productId),
          })),
        };
        const tooMany = named.find((l) => l.quantity > limits.maxLineQuantity);
        if (tooMany) throw badRequest(lineLimitMessage(limits.maxLineQuantity, 'order', tooMany.name));

        // Prices from Firestore only (the variant's): whatever the client said about money never reaches here.
        const items = lines.map((l) => {
          const p = byId.get(l.productId) as DocumentSnapshot;
          const image = variantImages(l.variant, l.product.images)[0] ?? l.product.image;
          return {
            _id: l.productId,
            variantId: l.variant._id,
            sku: l.variant.sku,
            options: l.variant.options,
            variantLabel: l.label,
            name: l.product.name,
            price: l.variant.price,
            discount: l.variant.discount,
            quantity: l.quantity,
            product: { _id: l.productId, image: { url: image.url, hash: image.hash } },
            // The line keeps the HSN and GST rate it was sold at, for its invoice (docs/gst-invoices.md).
            ...taxFieldsOf(p.data() ?? {}),
          };
        });
        const totals = orderTotals(items);
        const now = Timestamp.now();
        // Offers (docs/offers.md): the code and automatic offers checked again here, their uses counted in this transaction.
        const offerPlan = await prepareOrderOffers(
          tx,
          actor.uid,
          orderRef.id,
          lines.map((l) =>
            pricingLine({
              lineId: l.variant._id,
              productId: l.productId,
              category: l.product.category,
              price: l.variant.price,
              discount: l.variant.discount,
              quantity: l.quantity,
            }),
          ),
          input.paymentMethod,
          now.toDate(),
          !buyNow,
          automaticIds,
          claims,
          verifiedPhone,
        );
        // Offer discounts are whole rupees (decision 0027), so the goods stay whole rupees.
        const goodsTotal = totals.totalAmount - offerPlan.priced.discounts.reduce((sum, d) => sum + d.amountPaise, 0) / 100;
        // PIN code ↔ state, serviceability and the cash-on-delivery limits (a read; 400/409 when refused).
        // The speed the shopper chose; its fee from the shipping settings (whole rupees), part of the total (issue 40).
        const delivery = await checkOrderDelivery(tx, shippingAddress, input.paymentMethod, goodsTotal, input.deliverySpeed ?? 'standard');
        // A card EMI plan an offer makes no-cost (issue 43): its interest off, on goods + fee (whole rupees, decision 0045).
        const noCost = input.emiPlan ? offerPlan.addNoCostEmi(input.emiPlan, delivery.fee * 100) : null;
        const offerDiscountPaise = offerPlan.priced.discounts.reduce((sum, d) => sum + d.amountPaise, 0);
        const discountedItems =
          offerPlan.offers.length === 0
            ? items
            : items.map((item, i) => ({ ...item, offerDiscountPaise: offerPlan.priced.lineDiscountsPaise[i] ?? 0 }));
        const totalAmount = totals.totalAmount - offerDiscountPaise / 100 + delivery.fee;
        // A card order holds its stock until this moment (whole seconds: Stripe's expires_at).
        // The stock last (issue 37): every buyer of a bag locks its stock document, so the lock is
        // taken after every other read and held only until the commit, not through the offers and delivery reads.
        const slots = await readSlots(
          tx,
          lines.map((l) => ({ productId: l.productId, variantId: l.variant._id, sku: l.variant.sku })),
          byId,
        );
        const stockById: Record<string, number> = {};
        for (const [variantId, slot] of slots) stockById[variantId] = slot.stock;
        const shortages = findShortages(named, stockById);
        if (shortages.length > 0) throw conflict(shortages.map((s) => stockShortageMessage(s.name, s.left)).join('; '));
        const holdUntil =
          input.paymentMethod === 'ONLINE' ? Timestamp.fromMillis(Math.ceil(now.toMillis() / 1000 + paymentHoldSeconds) * 1000) : null;
        const order = {
          userId: actor.uid,
          user,
          items: discountedItems,
          shippingAddress,
          // A business buyer's GSTIN and legal name from the address (issue 41): its invoice is B2B.
          ...businessBuyerField(shippingAddress),
          subtotal: totals.subtotal,
          totalAmount,
          ...(offerPlan.offers.length > 0 ? { offers: offerPlan.offers, offerDiscountPaise, offerUseKeys: offerPlan.useKeys } : {}),
          status: 'pending' as OrderStatus,
          paymentMethod: input.paymentMethod,
          payment: {
            status: 'unpaid' as PaymentStatus,
            sessionId: null,
            paidAt: null,
            holdUntil,
            // Who takes this order's payment (issue 24); it keeps it if PAYMENT_PROVIDER changes later.
            ...(input.paymentMethod === 'ONLINE' ? { provider: paymentProvider } : {}),
            // The card EMI plan chosen at checkout: the payment must be on it (payments/razorpay.ts, issue 43).
            ...(input.emiPlan
              ? { emiPlan: { ...input.emiPlan, noCostOfferId: noCost?.offerId ?? null, noCostDiscountPaise: noCost?.discountPaise ?? 0 } }
              : {}),
          },
          statusHistory: [{ status: 'pending' as OrderStatus, at: now, by: actor.uid }],
          source: buyNow ? 'buy-now' : 'cart',
          delivery,
          // COD confirmation (docs/fulfilment.md): null for card orders.
          cod: codFieldsFor(input.paymentMethod, now),
          createdAt: now,
          updatedAt: now,
          // The dashboard's best sellers (catalog/sales-counters.ts); a cancellation takes them back.
          salesCounted: true,
        };

        // Stock from each variant's own document: the catalogue document is not written (docs/variants.md).
        const taken = new Map<string, number>();
        for (const l of lines) taken.set(l.variant._id, (taken.get(l.variant._id) ?? 0) + l.quantity);
        for (const [variantId, quantity] of taken) {
          const slot = slots.get(variantId);
          if (slot) writeSlot(tx, slot, slot.stock - quantity, now);
        }
        tx.create(orderRef, order);
        countSales(tx, order, 1);
        offerPlan.apply(tx);
        tx.set(orderLock(actor.uid), { lastOrderAt: now });
        queueMail(tx, orderMail('placed', orderRef.id, order, { confirmToken: codConfirmToken(orderRef.id) }));
        // Any order takes its lines out of the cart now (docs/fulfilment.md): the same cart cannot be ordered twice.
        clearOrderedLines(tx, order, cartLines);
        bind?.(tx, orderRef.id);
        return order;
      },
      { beforeRetry: soldOutCheck, turns: turnKeys },
    );
  } catch (error) {
    // Not placed: every place it claimed is free again (a committed order's stays, claims.release checks).
    await claims.release(null);
    throw error;
  }
  // Places claimed for offers the order did not take (an automatic offer its bags did not qualify for).
  await claims.release(data.offers ?? []);
  return orderFromWrite(orderRef.id, data);
}

export async function myOrders(uid: string): Promise<Order[]> {
  const snap = await orders().where('userId', '==', uid).orderBy('createdAt', 'desc').limit(200).get();
  return snap.docs.map(toOrder);
}

/** Admin list, newest first; `nextCursor` is the id to pass as `cursor` for the next page. */
export async function allOrders(query: OrderListQuery): Promise<{ orders: Order[]; nextCursor: string | null }> {
  const limit = query.limit ?? ORDER_PAGE_DEFAULT;
  let q = query.status ? orders().where('status', '==', query.status) : orders().orderBy('createdAt', 'desc');
  if (query.status) q = q.orderBy('createdAt', 'desc');
  if (query.cursor) {
    const after = await orders().doc(query.cursor).get();
    if (!after.exists) throw badRequest('Invalid cursor', [{ field: 'cursor', message: 'Invalid cursor' }]);
    q = q.startAfter(after);
  }
  const snap = await q.limit(limit).get();
  const list = snap.docs.map(toOrder);
  return { orders: list, nextCursor: snap.docs.length === limit ? (snap.docs[snap.docs.length - 1]?.id ?? null) : null };
}

/** The order if the actor may see it: its owner or an admin. Anyone else gets 404. */
export async function getOrder(actor: Actor, orderId: string): Promise<Order> {
  const snap = await orders().doc(orderId).get();
  if (!snap.exists || (actor.role !== 'admin' && snap.get('userId') !== actor.uid)) throw notFound(ORDER_NOT_FOUND);
  return toOrder(snap);
}

/** POST /api/order/{id}/cancel: the owner while pending, an admin while pending or confirmed. */
export function cancelOrder(actor: Actor, orderId: string, now?: Date): Promise<Order> {
  return transitionOrder(orderId, {
    to: 'cancelled',
    by: actor.uid,
    now,
    reason: actor.role === 'admin' ? 'admin' : 'shopper',
    guard: (data, from) => {
      if (actor.role === 'admin') {
        if (!canAdminCancel(from)) throw conflict(`An order that is ${from} can no longer be cancelled`);
        return;
      }
      if (data.userId !== actor.uid) throw notFound(ORDER_NOT_FOUND);
      if (!canShopperCancel(from)) throw conflict(`An order that is ${from} can no longer be cancelled`);
    },
  });
}

/** PATCH /api/order/{id}/status (admin): only along the lifecycle of domain/src/order-status.ts. */
/** `now` is the clock; only tests that call the service in-process pass another one. */
export async function setOrderStatus(actor: Actor, orderId: string, to: OrderStatus, now?: Date): Promise<Order> {
  // Nothing ships before its invoice has its number (docs/gst-invoices.md "Numbers").
  if (to === 'shipped') await ensureInvoiceNumbered(orderId);
  return transitionOrder(orderId, { to, by: actor.uid, reason: 'admin', now, guard: (order) => refuseUnconfirmedCod(order, to) });
}
