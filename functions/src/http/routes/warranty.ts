/** The warranty routes (issue 40, docs/warranty.md): the shopper's under /api/warranty, the admin's under /api/admin. */
import {
  MAX_WARRANTY_PHOTOS,
  WARRANTY_CLAIM_NUMBER_PATTERN,
  WARRANTY_MESSAGES,
  createWarrantyClaimSchema,
  docIdSchema,
  warrantyClaimForShopper,
  warrantyClaimMoveSchema,
} from '@bagshop/domain';
import { Router, type Request } from 'express';
import { notFound } from '../../lib/errors.js';
import { limitFromEnv, rateLimit, withinLimit } from '../../lib/rate-limit.js';
import { adminClaims, createClaim, getClaim, moveClaim, myWarranties } from '../../warranty/index.js';
import { requireAdmin, requireUser } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { readPhotoForm } from '../photo-form.js';
import { ok } from '../respond.js';

const HOUR = 3_600_000;
export const WARRANTY_CLAIMS_TOO_MANY = 'Too many warranty claims. Please wait a while and try again.';

function warrantyIdOf(req: Request): string {
  const parsed = docIdSchema.safeParse(req.params.id);
  if (!parsed.success) throw notFound(WARRANTY_MESSAGES.notFound);
  return parsed.data;
}

function claimNumberOf(req: Request): string {
  const n = req.params.number;
  if (typeof n !== 'string' || !WARRANTY_CLAIM_NUMBER_PATTERN.test(n)) throw notFound(WARRANTY_MESSAGES.claimNotFound);
  return n;
}

export function warrantyRouter(): Router {
  const router = Router();
  const perShopper = rateLimit({
    name: 'warranty_claim',
    limit: limitFromEnv('warranty_claim', 20),
    windowMs: HOUR,
    key: async (req) => (await requireUser(req)).uid,
    message: WARRANTY_CLAIMS_TOO_MANY,
  });
  // As for returns (issue 37): each claim may carry photos to decode, so an address is limited too.
  const perIp = rateLimit({
    name: 'warranty_claim_ip',
    limit: limitFromEnv('warranty_claim_ip', 60),
    windowMs: HOUR,
    message: WARRANTY_CLAIMS_TOO_MANY,
  });

  router.get('/', async (req, res) => {
    const user = await requireUser(req);
    const mine = await myWarranties(user);
    ok(res, { ...mine, claims: mine.claims.map(warrantyClaimForShopper) });
  });

  router.get('/claims/:number', async (req, res) => {
    const user = await requireUser(req);
    const claim = await getClaim(user, claimNumberOf(req));
    ok(res, { claim: user.role === 'admin' ? claim : warrantyClaimForShopper(claim) });
  });

  router.post('/:id/claims', async (req, res) => {
    const user = await requireUser(req);
    await withinLimit(perIp, req, res);
    await withinLimit(perShopper, req, res);
    const id = warrantyIdOf(req);
    const form = await readPhotoForm(req, { maxPhotos: MAX_WARRANTY_PHOTOS, tooManyPhotos: WARRANTY_MESSAGES.tooManyPhotos });
    const input = createWarrantyClaimSchema.parse(form.fields);
    const claim = await createClaim(user, id, input, form.photos);
    ok(res, { claim: warrantyClaimForShopper(claim) }, `Warranty claim ${claim._id} submitted`, 201);
  });

  return router;
}

export function adminWarrantyRouter(): Router {
  const router = Router();
  router.get('/warranty-claims', async (req, res) => {
    await requireAdmin(req);
    ok(res, { claims: await adminClaims() });
  });
  router.get('/warranty-claims/:number', async (req, res) => {
    const admin = await requireAdmin(req);
    ok(res, { claim: await getClaim(admin, claimNumberOf(req)) });
  });
  router.patch('/warranty-claims/:number', async (req, res) => {
    const admin = await requireAdmin(req);
    const number = claimNumberOf(req);
    const move = warrantyClaimMoveSchema.parse(jsonBody(req));
    ok(res, { claim: await moveClaim(admin, number, move) }, `Claim ${move.status.replace(/_/g, ' ')}`);
  });
  return router;
}
