import { Router, type Request } from 'express';
import { createPaymentSchema } from '@bagshop/domain';
import { HttpError, notFound } from '../../lib/errors.js';
import { limitFromEnv, rateLimit, withinLimit } from '../../lib/rate-limit.js';
import { onlinePaymentsConfigured, PAYMENTS_NOT_CONFIGURED } from '../../payments/stripe-client.js';
import { providerForOrderId, razorpayProvider, stripeProvider } from '../../payments/provider.js';
import { checkoutStatus } from '../../payments/reconcile.js';
import { RAZORPAY_REFERENCE } from '../../payments/razorpay.js';
import { requireUser } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { ok } from '../respond.js';

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
export const PAYMENT_STATUS_TOO_MANY = 'You are checking very often. Please wait a moment: your payment shows here as soon as it arrives.';

export function paymentRouter(): Router {
  const router = Router();

  // Each call may cost a call to the provider's API: 10 a minute per shopper (issue 24).
  const paymentLimit = rateLimit({
    name: 'payment',
    limit: limitFromEnv('payment', 10),
    windowMs: 60_000,
    key: async (req) => (await requireUser(req)).uid,
  });

  router.post('/', async (req, res) => {
    const user = await requireUser(req);
    // 503 'Online payments are not configured' before anything else (key and webhook secret both needed).
    if (!onlinePaymentsConfigured()) throw new HttpError(503, PAYMENTS_NOT_CONFIGURED);
    await new Promise<void>((resolve, reject) => paymentLimit(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
    const { orderId } = createPaymentSchema.parse(jsonBody(req));
    const { url, sessionId } = await (await providerForOrderId(orderId)).createCheckout(user, orderId);
    // The spec's client reads `url` at the top level.
    res.status(200).json({ success: true, url, data: { url, sessionId } });
  });

  // The success page asks 6 times in 15 s; the provider itself is asked at most once per order
  // every 10 s, whoever asks (payments/reconcile.ts). 20 a minute per shopper (issue 37).
  const statusLimit = rateLimit({
    name: 'payment_status',
    limit: limitFromEnv('payment_status', 20),
    windowMs: 60_000,
    key: async (req) => (await requireUser(req)).uid,
    message: PAYMENT_STATUS_TOO_MANY,
  });

  router.get('/session/:sessionId', async (req, res) => {
    const user = await requireUser(req);
    await withinLimit(statusLimit, req, res);
    const { sessionId } = req.params;
    if (!SESSION_ID.test(sessionId) && !RAZORPAY_REFERENCE.test(sessionId)) throw notFound('Payment session not found');
    ok(res, await checkoutStatus(user, sessionId));
  });

  router.post('/webhook', async (req, res) => {
    const raw = (req as Request & { rawBody?: Buffer }).rawBody;
    const { duplicate } = await stripeProvider.handleWebhook(raw, (name) => req.get(name));
    ok(res, { received: true, duplicate });
  });

  router.post('/razorpay/webhook', async (req, res) => {
    const raw = (req as Request & { rawBody?: Buffer }).rawBody;
    const { duplicate } = await razorpayProvider.handleWebhook(raw, (name) => req.get(name));
    ok(res, { received: true, duplicate });
  });

  return router;
}
