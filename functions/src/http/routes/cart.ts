import { Router, type Request } from 'express';
import {
  addToCartSchema,
  applyCouponSchema,
  buyNowPricingQuerySchema,
  cartPricingQuerySchema,
  COUPON_MESSAGES,
  docIdSchema,
  type CartLine,
} from '@bagshop/domain';
import { badRequest } from '../../lib/errors.js';
import { limitFromEnv, rateLimit, withinLimit } from '../../lib/rate-limit.js';
import { addToCart, clearCart, decrementLine, getCart, incrementLine, removeLine } from '../../orders/cart.js';
import { requireUser } from '../auth.js';
import { jsonBody, optionalJsonBody } from '../json-body.js';
import { ok, okWith } from '../respond.js';
import { applyCoupon, priceBuyNow, priceCart, removeCoupon } from '../../offers/index.js';

function productId(req: Request): string {
  const parsed = docIdSchema.safeParse(req.params.productId);
  if (!parsed.success) throw badRequest('Invalid product id');
  return parsed.data;
}

/** The payment method the shopper has chosen (`?paymentMethod=COD|ONLINE`), or null. */
function paymentMethodOf(req: Request) {
  const parsed = cartPricingQuerySchema.safeParse({
    paymentMethod: typeof req.query.paymentMethod === 'string' && req.query.paymentMethod !== '' ? req.query.paymentMethod : undefined,
  });
  if (!parsed.success) throw badRequest('Payment method must be COD or ONLINE');
  return parsed.data.paymentMethod ?? null;
}

/** Every route answers the whole cart: [{ _id, product, variant, quantity }]; the other routes take the line id. Paths are always the caller's own cart. */
export function cartRouter(): Router {
  const router = Router();
  // Codes are tried, not guessed (issue 37, docs/offers.md): per shopper and per address.
  const MINUTES_15 = 15 * 60_000;
  const couponUser = rateLimit({
    name: 'coupon',
    limit: limitFromEnv('coupon', 10),
    windowMs: MINUTES_15,
    key: async (req) => (await requireUser(req)).uid,
    message: COUPON_MESSAGES.tooMany,
  });
  const couponIp = rateLimit({
    name: 'coupon_ip',
    limit: limitFromEnv('coupon_ip', 30),
    windowMs: MINUTES_15,
    message: COUPON_MESSAGES.tooMany,
  });

  // The lines, and `pricing` worked out here for them and the chosen method (docs/offers.md).
  router.get('/', async (req, res) => {
    const user = await requireUser(req);
    const method = paymentMethodOf(req);
    const lines = await getCart(user.uid);
    okWith(res, lines, { pricing: await priceCart(user.uid, lines, method) });
  });

  // Buy Now's one line priced with the automatic offers, for its checkout (docs/offers.md "Buy Now").
  router.get('/buy-now-pricing', async (req, res) => {
    const user = await requireUser(req);
    const query = buyNowPricingQuerySchema.parse(
      Object.fromEntries(Object.entries(req.query).filter(([, v]) => typeof v === 'string' && v !== '')),
    );
    res.status(200).json({ success: true, pricing: await priceBuyNow(user.uid, query) });
  });

  // The coupon code (docs/offers.md): at most one; answers the cart and its pricing as GET does.
  router.post('/coupon', async (req, res) => {
    const user = await requireUser(req);
    await withinLimit(couponIp, req, res);
    await withinLimit(couponUser, req, res);
    const method = paymentMethodOf(req);
    const { code } = applyCouponSchema.parse(jsonBody(req));
    const lines: CartLine[] = await getCart(user.uid);
    await applyCoupon(user.uid, code, lines, method);
    res.status(200).json({ success: true, data: lines, pricing: await priceCart(user.uid, lines, method), message: 'Code applied' });
  });

  router.delete('/coupon', async (req, res) => {
    const user = await requireUser(req);
    const method = paymentMethodOf(req);
    await removeCoupon(user.uid);
    const lines = await getCart(user.uid);
    res.status(200).json({ success: true, data: lines, pricing: await priceCart(user.uid, lines, method), message: 'Code removed' });
  });

  // Before '/:productId', which would otherwise take 'deleteCart' for a product id.
  router.delete('/deleteCart', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await clearCart(user.uid), 'Cart cleared');
  });

  router.patch('/increment/:productId', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await incrementLine(user.uid, productId(req)));
  });

  router.patch('/decrement/:productId', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await decrementLine(user.uid, productId(req)));
  });

  router.post('/:productId', async (req, res) => {
    const user = await requireUser(req);
    const id = productId(req);
    const input = addToCartSchema.parse(optionalJsonBody(req));
    ok(res, await addToCart(user.uid, id, input.quantity, input.variantId), 'Product added successfully');
  });

  router.delete('/:productId', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await removeLine(user.uid, productId(req)), 'Product removed from cart');
  });

  return router;
}
