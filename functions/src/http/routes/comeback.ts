// Wishlist, alerts and the one-click unsubscribe (docs/comeback.md, issue 42).
import { Router, type Request } from 'express';
import { alertCreateSchema, docIdSchema, signedTokenSchema, wishlistBodySchema } from '@bagshop/domain';
import {
  addToWishlist,
  confirmAlert,
  createAlert,
  deleteMyAlert,
  listMyAlerts,
  listWishlist,
  previewUnsubscribe,
  removeFromWishlist,
  unsubscribe,
} from '../../comeback/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { limitFromEnv, rateLimit } from '../../lib/rate-limit.js';
import { optionalUser, requireUser } from '../auth.js';
import { optionalJsonBody } from '../json-body.js';
import { ok } from '../respond.js';

const HOUR = 3_600_000;

function productId(req: Request): string {
  const parsed = docIdSchema.safeParse(req.params.productId);
  if (!parsed.success) throw badRequest('Invalid product id');
  return parsed.data;
}

/** `variantId` from the JSON body, or `?variantId=` (a DELETE without a body). */
function variantIdOf(req: Request): string | undefined {
  const query = typeof req.query.variantId === 'string' && req.query.variantId !== '' ? { variantId: req.query.variantId } : {};
  return wishlistBodySchema.parse({ ...query, ...(optionalJsonBody(req) as object | undefined) }).variantId;
}

/** The token of a signed link: `?token=` or the JSON body's `token`. */
function tokenOf(req: Request): string {
  const fromQuery = typeof req.query.token === 'string' ? req.query.token : undefined;
  const body = req.is('application/json') ? (optionalJsonBody(req) as { token?: unknown } | undefined) : undefined;
  return signedTokenSchema.parse({ token: fromQuery ?? body?.token }).token;
}

export function wishlistRouter(): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await listWishlist(user.uid));
  });
  router.post('/:productId', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await addToWishlist(user.uid, productId(req), variantIdOf(req)), 'Saved to your wishlist', 201);
  });
  router.delete('/:productId', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await removeFromWishlist(user.uid, productId(req), variantIdOf(req)), 'Removed from your wishlist');
  });
  return router;
}

export function alertsRouter(): Router {
  const router = Router();
  // A visitor's alert mails an address: per IP, and the confirm link per IP.
  const visitor = rateLimit({ name: 'alert_visitor', limit: limitFromEnv('alert_visitor', 10), windowMs: HOUR });
  const confirm = rateLimit({ name: 'alert_confirm', limit: limitFromEnv('alert_confirm', 30), windowMs: HOUR });

  router.get('/', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await listMyAlerts(user.uid));
  });
  router.post('/confirm', confirm, async (req, res) => {
    const alert = await confirmAlert(tokenOf(req));
    ok(res, alert, 'Your alert is on: we will email you once when it is back in stock');
  });
  router.post('/', async (req, res, next) => {
    const user = await optionalUser(req);
    if (!user) {
      visitor(req, res, next);
      return;
    }
    if (!user.token.email_verified || !user.email) throw forbidden('Verify your email first: alerts go to a verified address');
    const input = alertCreateSchema.parse(optionalJsonBody(req) ?? {});
    ok(
      res,
      await createAlert({ uid: user.uid, email: user.email }, { ...input, email: undefined }),
      'We will email you when it is back in stock',
      201,
    );
  });
  // A visitor's (after the per-IP limit above).
  router.post('/', async (req, res) => {
    const input = alertCreateSchema.parse(optionalJsonBody(req) ?? {});
    const alert = await createAlert(null, input);
    ok(
      res,
      { ...alert, email: input.email },
      `Check ${input.email ?? 'your inbox'}: confirm with the link we sent, and we will tell you when it is back`,
      201,
    );
  });
  router.delete('/:id', async (req, res) => {
    const user = await requireUser(req);
    const id = docIdSchema.safeParse(req.params.id);
    if (!id.success) throw badRequest('Invalid alert id');
    ok(res, await deleteMyAlert(user.uid, id.data), 'The alert is removed');
  });
  return router;
}

/** GET: what the link withdraws; POST: withdraw (RFC 8058 one-click, or the page's button). */
export function unsubscribeRouter(): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    ok(res, await previewUnsubscribe(tokenOf(req)));
  });
  router.post('/', async (req, res) => {
    const result = await unsubscribe(tokenOf(req));
    ok(res, result, `${result.what}: withdrawn. You will not get them any more`);
  });
  return router;
}
