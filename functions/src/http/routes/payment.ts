import { Router, type Request } from 'express';
import { createPaymentSchema } from '@bagshop/domain';
import { notFound } from '../../lib/errors.js';
import { stripe } from '../../lib/stripe.js';
import { handleWebhook, sessionStatus, startCheckout } from '../../services/payments.js';
import { requireUser } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { ok } from '../respond.js';

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export function paymentRouter(): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const user = await requireUser(req);
    await stripe(); // 503 'Online payments are not configured' before anything else
    const { orderId } = createPaymentSchema.parse(jsonBody(req));
    const { url, sessionId } = await startCheckout(user, orderId);
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
