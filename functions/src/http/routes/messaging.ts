import { Router, type Request } from 'express';
import { messagesSummaryQuerySchema } from '@bagshop/domain';
import { handleWhatsAppWebhook, messagesSummary, verifySubscription } from '../../messaging/index.js';
import { requireAdmin } from '../auth.js';
import { ok } from '../respond.js';

/** /api/webhooks/whatsapp: the WhatsApp Cloud API's webhook (docs/whatsapp.md). */
export function webhooksRouter(): Router {
  const router = Router();
  // Meta's handshake when the webhook is set up: the challenge echoed as plain text.
  router.get('/whatsapp', (req, res) => {
    const challenge = verifySubscription(req.query as Record<string, unknown>);
    res.status(200).type('text/plain').send(challenge);
  });
  // Signed by Meta over the raw bytes (the Functions framework keeps them in `rawBody`).
  router.post('/whatsapp', async (req, res) => {
    const raw = (req as Request & { rawBody?: Buffer }).rawBody;
    ok(res, { received: true, ...(await handleWhatsAppWebhook(raw, req.get('X-Hub-Signature-256'))) });
  });
  return router;
}

/** /api/admin/messages/*: the Messages view. */
export function adminMessagesRouter(): Router {
  const router = Router();
  router.get('/messages/summary', async (req, res) => {
    await requireAdmin(req);
    const { days } = messagesSummaryQuerySchema.parse(req.query);
    ok(res, await messagesSummary(days));
  });
  return router;
}
