import { Router, type Request } from 'express';
import {
  docIdSchema,
  MAX_REVIEW_PHOTOS,
  parseReviewListQuery,
  REVIEW_MESSAGES,
  REVIEW_STATUSES,
  reviewCreateSchema,
  reviewDecisionSchema,
  reviewReplySchema,
  reviewUpdateSchema,
  type ReviewStatus,
} from '@bagshop/domain';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { PRODUCT_NOT_FOUND } from '../../catalog/index.js';
import { processProductImage, type ProcessedImage } from '../../images/index.js';
import {
  adminListReviews,
  createReview,
  decideReview,
  deleteOwnReview,
  getOwnReview,
  listReviews,
  replyToReview,
  reviewEligibility,
  toggleHelpful,
  updateOwnReview,
} from '../../reviews/index.js';
import { requireAdmin, requireUser } from '../auth.js';
import { jsonBody } from '../json-body.js';
import { parseMultipart } from '../multipart.js';
import { ok } from '../respond.js';

/** A product id from the path, or 404 (as GET /api/products/{id} answers). */
function productIdOf(req: Request): string {
  const id = req.params.id;
  if (typeof id !== 'string' || !docIdSchema.safeParse(id).success) throw notFound(PRODUCT_NOT_FOUND);
  return id;
}

function reviewIdOf(value: string | undefined): string {
  // `{productId}_{uid}`: two ids and an underscore.
  if (!value || !/^[A-Za-z0-9_-]{3,260}$/.test(value)) throw notFound(REVIEW_MESSAGES.notFound);
  return value;
}

/**
 * The review form (multipart): text fields for the schema, up to three photos in the repeated
 * file field `photos`, taken through the product image pipeline (same types, sizes and
 * re-encoding). Photos are decoded only once the text has passed the schema.
 */
async function readReviewForm(req: Request) {
  const form = await parseMultipart(req, {
    fileFields: ['photos'],
    maxFields: 8,
    maxFiles: MAX_REVIEW_PHOTOS,
    tooManyFiles: () => badRequest(REVIEW_MESSAGES.tooManyPhotos, [{ field: 'photos', message: REVIEW_MESSAGES.tooManyPhotos }]),
  });
  if (form.fields.photos !== undefined) throw badRequest('Photos must be uploaded files');
  const uploads = form.files.map((f) => f.bytes);
  return {
    fields: form.fields,
    hasPhotos: uploads.length > 0,
    photos: async (): Promise<ProcessedImage[]> => {
      const out: ProcessedImage[] = [];
      for (const bytes of uploads) out.push(await processProductImage(bytes));
      return out;
    },
  };
}

/** Shoppers' routes, under /api/products. */
export function reviewsRouter(): Router {
  const router = Router();

  router.get('/:id/reviews', async (req, res) => {
    const id = productIdOf(req);
    const parsed = parseReviewListQuery(req.query);
    if (!parsed.ok) throw new HttpError(400, parsed.message, [{ field: parsed.field, message: parsed.message }]);
    // Short: a shopper who just posted sees their review on the next load.
    res.set('Cache-Control', 'public, max-age=0, s-maxage=30');
    ok(res, await listReviews(id, parsed.query));
  });

  router.post('/:id/reviews', async (req, res) => {
    const user = await requireUser(req);
    const id = productIdOf(req);
    const form = await readReviewForm(req);
    const input = reviewCreateSchema.parse(form.fields);
    const review = await createReview(user.uid, id, input, form.photos);
    const message =
      review.status === 'published' ? 'Thank you! Your review is published' : 'Thank you! Your review will appear once it is checked';
    ok(res, review, message, 201);
  });

  router.get('/:id/reviews/eligibility', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await reviewEligibility(user.uid, productIdOf(req)));
  });

  router.get('/:id/reviews/mine', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await getOwnReview(user.uid, productIdOf(req)));
  });

  router.patch('/:id/reviews/mine', async (req, res) => {
    const user = await requireUser(req);
    const id = productIdOf(req);
    let fields: unknown;
    let photos = null;
    if (req.is('multipart/form-data')) {
      const form = await readReviewForm(req);
      fields = form.fields;
      if (form.hasPhotos) photos = form.photos;
    } else {
      fields = jsonBody(req);
    }
    const input = reviewUpdateSchema.parse(fields);
    ok(res, await updateOwnReview(user.uid, id, input, photos), 'Your review is updated');
  });

  router.delete('/:id/reviews/mine', async (req, res) => {
    const user = await requireUser(req);
    await deleteOwnReview(user.uid, productIdOf(req));
    ok(res, {}, 'Your review is deleted');
  });

  router.post('/:id/reviews/:rid/helpful', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await toggleHelpful(user.uid, productIdOf(req), reviewIdOf(req.params.rid)));
  });

  return router;
}

/** Admins' routes, under /api/admin. */
export function adminReviewsRouter(): Router {
  const router = Router();

  router.get('/reviews', async (req, res) => {
    await requireAdmin(req);
    const raw = req.query.status;
    let status: ReviewStatus | null = null;
    if (raw !== undefined && raw !== '') {
      if (typeof raw !== 'string' || !(REVIEW_STATUSES as readonly string[]).includes(raw))
        throw badRequest(REVIEW_MESSAGES.listStatus, [{ field: 'status', message: REVIEW_MESSAGES.listStatus }]);
      status = raw as ReviewStatus;
    }
    const product = req.query.productId;
    let productId: string | null = null;
    if (product !== undefined && product !== '') {
      if (typeof product !== 'string' || !docIdSchema.safeParse(product).success) throw badRequest('productId is not valid');
      productId = product;
    }
    ok(res, await adminListReviews({ status, productId }));
  });

  router.patch('/reviews/:reviewId', async (req, res) => {
    const admin = await requireAdmin(req);
    const input = reviewDecisionSchema.parse(jsonBody(req));
    const review = await decideReview(admin.uid, reviewIdOf(req.params.reviewId), input);
    ok(res, review, review.status === 'published' ? 'Review published' : 'Review rejected; the author has been told why');
  });

  router.post('/reviews/:reviewId/reply', async (req, res) => {
    await requireAdmin(req);
    const input = reviewReplySchema.parse(jsonBody(req));
    ok(res, await replyToReview(reviewIdOf(req.params.reviewId), input.text), 'Reply saved');
  });

  return router;
}
