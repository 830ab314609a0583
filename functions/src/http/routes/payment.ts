import { Router, type Request } from 'express';
import { createPaymentSchema } from '@bagshop/domain';
import { notFound } from '../../lib/errors.js';
import { stripe } from '../../lib/stripe.js';
import { handleWebhook, sessionStatus, startCheckout } from '../../services/payments.js';
import { requireUser } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { ok } from '../respond.js';

/**
 * Where Stripe sends the shopper back to: `APP_ORIGIN` when set (production), else the
 * origin the request came from (the browser's Origin header through Hosting).
 */
function appOrigin(req: Request): string {
  const configured = process.env.APP_ORIGIN?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const origin = req.get('origin');
  if (origin && /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin)) return origin;
  const host = req.get('x-forwarded-host') ?? req.get('host') ?? '127.0.0.1:5000';
  return `${req.protocol}://${host.split(',')[0]?.trim() ?? host}`;
}

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export function paymentRouter(): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const user = await requireUser(req);
    await stripe(); // 503 'Online payments are not configured' before anything else
    const { orderId } = createPaymentSchema.parse(jsonBody(req));
    const { url, sessionId } = await startCheckout(user, orderId, appOrigin(req));
    // The spec's client reads `url` at the top level.
    res.status(200).json({ success: true, url, data: { url, sessionId } });
  });

  router.get('/session/:sessionId', async (req, res) => {
    const user = await requireUser(req);
    const { sessionId } = req.params;
    if (!SESSION_ID.test(sessionId)) throw notFound('Payment session not found');
    ok(res, await sessionStatus(user, sessionId));
  });

  router.post('/webhook', async (req, res) => {
    const raw = (req as Request & { rawBody?: Buffer }).rawBody;
    const { duplicate } = await handleWebhook(raw, req.get('stripe-signature'));
    ok(res, { received: true, duplicate });
  });

  return router;
}
