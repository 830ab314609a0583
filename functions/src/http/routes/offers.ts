import { Router } from 'express';
import { docIdSchema, offerInputSchema, offerPatchSchema } from '@bagshop/domain';
import { badRequest } from '../../lib/errors.js';
import { createOffer, listOffers, updateOffer } from '../../offers/index.js';
import { requireAdmin } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { ok } from '../respond.js';

/** /api/admin/offers (docs/offers.md): coupon codes and automatic offers. */
export function adminOffersRouter(): Router {
  const router = Router();

  router.get('/offers', async (req, res) => {
    await requireAdmin(req);
    ok(res, await listOffers());
  });

  router.post('/offers', async (req, res) => {
    const admin = await requireAdmin(req);
    const input = offerInputSchema.parse(jsonBody(req));
    ok(res, await createOffer(input, admin.uid), 'Offer created', 201);
  });

  router.patch('/offers/:id', async (req, res) => {
    await requireAdmin(req);
    const id = docIdSchema.safeParse(req.params.id);
    if (!id.success) throw badRequest('Invalid offer id');
    const patch = offerPatchSchema.parse(jsonBody(req));
    ok(res, await updateOffer(id.data, patch), 'Offer saved');
  });

  return router;
}
