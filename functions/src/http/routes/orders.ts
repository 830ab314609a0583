import { Router, type Request } from 'express';
import { createOrderSchema, docIdSchema, orderListQuerySchema, orderStatusUpdateSchema } from '@bagshop/domain';
import { badRequest, notFound } from '../../lib/errors.js';
import { IDEMPOTENCY_KEY, placeOrderOnce } from '../../orders/idempotency.js';
import { limitFromEnv, rateLimit } from '../../lib/rate-limit.js';
import { allOrders, cancelOrder, getOrder, myOrders, ORDER_NOT_FOUND, placeOrder, setOrderStatus } from '../../orders/place.js';
import { requireAdmin, requireUser } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { ok } from '../respond.js';

function orderId(req: Request): string {
  const parsed = docIdSchema.safeParse(req.params.id);
  if (!parsed.success) throw notFound(ORDER_NOT_FOUND);
  return parsed.data;
}

export function ordersRouter(): Router {
  const router = Router();

  // Placing orders is limited per signed-in user.
  const orderLimit = rateLimit({
    name: 'order',
    limit: limitFromEnv('order', 20),
    windowMs: 60_000,
    key: async (req) => (await requireUser(req)).uid,
  });

  router.post('/', async (req, res) => {
    const user = await requireUser(req);
    const input = createOrderSchema.parse(jsonBody(req));
    // Counted once the request is well-formed: malformed ones cost no Firestore work.
    await new Promise<void>((resolve, reject) => orderLimit(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
    const message = (o: { paymentMethod: string }) => (o.paymentMethod === 'COD' ? 'Order placed successfully with COD' : 'Order placed');
    const key = req.get('idempotency-key');
    if (key === undefined) {
      const order = await placeOrder(user, input);
      ok(res, order, message(order), 201);
      return;
    }
    // One order per (shopper, key) for 24 h: a retry gets the first answer (issue 24).
    if (!IDEMPOTENCY_KEY.test(key)) throw badRequest('Idempotency-Key must be 1 to 100 printable characters');
    const placed = await placeOrderOnce(
      user,
      key,
      input,
      (bind) => placeOrder(user, input, bind),
      (order) => ({ success: true, data: order, message: message(order) }),
    );
    if (placed.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(placed.replayed ? 200 : 201).json(placed.body);
  });

  router.get('/my-order', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await myOrders(user.uid));
  });

  router.get('/all', async (req, res) => {
    await requireAdmin(req);
    const query = orderListQuerySchema.parse(req.query);
    const page = await allOrders(query);
    if (page.nextCursor) res.set('X-Next-Cursor', page.nextCursor);
    ok(res, page.orders);
  });

  router.get('/:id', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await getOrder(user, orderId(req)));
  });

  router.post('/:id/cancel', async (req, res) => {
    const user = await requireUser(req);
    // The transition closes an unpaid Checkout Session and refunds a paid order.
    ok(res, await cancelOrder(user, orderId(req)), 'Order cancelled');
  });

  router.patch('/:id/status', async (req, res) => {
    const admin = await requireAdmin(req);
    const { status } = orderStatusUpdateSchema.parse(jsonBody(req));
    ok(res, await setOrderStatus(admin, orderId(req), status), 'Order status updated');
  });

  return router;
}
