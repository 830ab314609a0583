/**
 * The cart's coupon and prices (docs/offers.md): `POST /api/cart/coupon` checks a code against
 * the cart now and keeps it in `cartCoupons/{uid}`; `GET /api/cart/` answers `pricing`, worked
 * out here for the cart as it is and the payment method chosen. Order placement checks again
 * (order.ts); nothing here is trusted later.
 */
import {
  cartPricing,
  couponRefusal,
  offerProblem,
  productFromData,
  type BuyNowPricingQuery,
  type CartLine,
  type CartPricing,
  type Offer,
  type OfferContext,
  type PaymentMethod,
  type PricingLine,
} from '@bagshop/domain';
import { FieldValue } from 'firebase-admin/firestore';
import { badRequest, notFound } from '../lib/errors.js';
import { plainDoc } from '../lib/firestore-data.js';
import { products } from '../catalog/index.js';
import { chooseVariant } from '../catalog/index.js';
import {
  cartCouponRef,
  isFirstOrder,
  pricingLine,
  readAutomaticOffers,
  readCustomerUses,
  readOfferByCode,
  verifiedPhoneOf,
} from './store.js';
import { withUses } from './uses.js';

export function cartPricingLines(lines: readonly CartLine[]): PricingLine[] {
  return lines.map((l) =>
    pricingLine({
      lineId: l._id ?? l.variant?._id ?? l.product._id,
      productId: l.product._id,
      category: l.product.category,
      price: l.variant?.price ?? l.product.price,
      discount: l.variant?.discount ?? l.product.discount,
      quantity: l.quantity,
    }),
  );
}

async function contextFor(
  uid: string,
  offers: readonly Offer[],
  paymentMethod: PaymentMethod | null,
  now: Date,
  phone?: string | null,
): Promise<OfferContext> {
  // The phone and the orders are read only when a first-order offer is in play.
  const needsFirst = offers.some((o) => o.firstOrderOnly);
  const verifiedPhone = !needsFirst ? null : phone === undefined ? await verifiedPhoneOf(uid) : phone;
  const [firstOrder, customerUses] = await Promise.all([
    needsFirst ? isFirstOrder(uid, verifiedPhone) : Promise.resolve(false),
    readCustomerUses(
      uid,
      offers.map((o) => o._id),
    ),
  ]);
  return { now, paymentMethod, firstOrder, customerUses };
}

async function appliedCode(uid: string): Promise<string | null> {
  const snap = await cartCouponRef(uid).get();
  const code = snap.get('code');
  return snap.exists && typeof code === 'string' ? code : null;
}

/** The offer a code names, with its uses counted (uses.ts), or null. */
async function readCounted(code: string): Promise<Offer | null> {
  const offer = await readOfferByCode(code);
  return offer ? ((await withUses([offer]))[0] ?? null) : null;
}

/** `pricing` of the cart for the payment method (null: not chosen yet). */
export async function priceCart(uid: string, lines: readonly CartLine[], paymentMethod: PaymentMethod | null): Promise<CartPricing> {
  const now = new Date();
  const code = await appliedCode(uid);
  const [codeOffer, automatic] = await Promise.all([
    code ? readCounted(code) : Promise.resolve(null),
    readAutomaticOffers(now).then(withUses),
  ]);
  const all = codeOffer ? [codeOffer, ...automatic] : automatic;
  const ctx = await contextFor(uid, all, paymentMethod, now);
  return cartPricing(cartPricingLines(lines), codeOffer, automatic, ctx, code);
}

/**
 * `GET /api/cart/buy-now-pricing`: the one Buy Now line priced as its order will be, with the
 * automatic offers (a prepaid offer in the online total) and no code: a code is the cart's
 * (docs/offers.md "Buy Now").
 */
export async function priceBuyNow(uid: string, query: BuyNowPricingQuery): Promise<CartPricing> {
  const snap = await products().doc(query.productId).get();
  if (!snap.exists) throw notFound('Product not found');
  const product = productFromData(snap.id, plainDoc(snap));
  const variant = chooseVariant(product, query.variantId);
  const now = new Date();
  const automatic = await withUses(await readAutomaticOffers(now));
  const ctx = await contextFor(uid, automatic, query.paymentMethod ?? null, now);
  const line = pricingLine({
    lineId: variant._id,
    productId: product._id,
    category: product.category,
    price: variant.price,
    discount: variant.discount,
    quantity: query.quantity ?? 1,
  });
  return cartPricing([line], null, automatic, ctx, null);
}

/**
 * POST /api/cart/coupon: the code must apply to this cart now. A code that does not, whatever
 * the reason, is 400 "This code cannot be used on this cart", except the reasons the shopper
 * can act on (`couponRefusal`, domain/src/offers.ts); a code for one payment method is
 * accepted, the pricing shows it with that method.
 */
export async function applyCoupon(
  uid: string,
  code: string,
  lines: readonly CartLine[],
  paymentMethod: PaymentMethod | null,
): Promise<void> {
  const refuse = (message: string) => badRequest(message, [{ field: 'code', message }]);
  const [offer, phone] = await Promise.all([readCounted(code), verifiedPhoneOf(uid)]);
  if (!offer || lines.length === 0) throw refuse(couponRefusal(null, phone !== null));
  const ctx = await contextFor(uid, [offer], paymentMethod, new Date(), phone);
  const problem = offerProblem(offer, cartPricingLines(lines), ctx, true);
  if (problem) throw refuse(couponRefusal(problem, phone !== null));
  await cartCouponRef(uid).set({ code: offer.code, offerId: offer._id, appliedAt: FieldValue.serverTimestamp() });
}

export async function removeCoupon(uid: string): Promise<void> {
  await cartCouponRef(uid).delete();
}
