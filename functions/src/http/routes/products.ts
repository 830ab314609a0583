import { Router, type Request, type Response } from 'express';
import {
  applyListQuery,
  categorySchema,
  GALLERY_MESSAGES,
  MAX_PRODUCT_IMAGES,
  parseListQuery,
  parseSearchText,
  productCreateSchema,
  productUpdateSchema,
  type Product,
  type ProductListQuery,
} from '@bagshop/domain';
import { badRequest, HttpError } from '../../lib/errors.js';
import { limitFromEnv, rateLimit } from '../../lib/rate-limit.js';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from '../../services/catalog.js';
import { IMAGE_ORDER_MESSAGES, parseImageOrder, type GalleryEdit } from '../../services/gallery.js';
import { processProductImage } from '../../services/images/process-image.js';
import { searchProducts } from '../../services/search.js';
import { requireAdmin } from '../auth.js';
import { parseMultipart } from '../multipart.js';
import { ok, okCached, publicCache } from '../respond.js';

/**
 * The product form (multipart): text fields for the schema; the pictures as the repeated
 * file field `images` (at most six) with the text field `imageOrder`, or one legacy `image`.
 * Files are only decoded once the text has passed the schema (see the routes).
 */
async function readProductForm(req: Request) {
  const form = await parseMultipart(req, {
    fileFields: ['image', 'images'],
    maxFields: 16,
    maxFiles: MAX_PRODUCT_IMAGES,
    tooManyFiles: () => badRequest(GALLERY_MESSAGES.tooMany),
  });
  const { image: imageText, images: imagesText, imageOrder, ...fields } = form.fields;
  if ([imageText, imagesText].some((t) => t !== undefined && t.trim() !== '')) throw badRequest('Image must be an uploaded file');
  const legacy = form.files.filter((f) => f.field === 'image');
  const gallery = form.files.filter((f) => f.field === 'images');
  if (legacy.length && gallery.length) throw badRequest(IMAGE_ORDER_MESSAGES.both);
  // The single-picture field keeps its contract: one file (several go in `images`).
  if (legacy.length > 1) throw new HttpError(413, 'Only one image may be uploaded');
  const uploads = [...legacy, ...gallery].map((f) => f.bytes);
  const order = parseImageOrder(imageOrder, uploads.length);
  return {
    fields,
    /** Decodes and re-encodes the uploads (415 / 413 from processProductImage), one at a time. */
    gallery: async (): Promise<GalleryEdit> => {
      const processed = [];
      for (const bytes of uploads) processed.push(await processProductImage(bytes));
      return { uploads: processed, order, replaceFirst: legacy.length > 0 && order === null };
    },
    changesGallery: uploads.length > 0 || order !== null,
  };
}

/** The filter and sort parameters, or 400 naming the bad one. */
function listQuery(req: Request): ProductListQuery {
  const parsed = parseListQuery(req.query);
  if (!parsed.ok) throw new HttpError(400, parsed.message, [{ field: parsed.field, message: parsed.message }]);
  return parsed.query;
}

const DEFAULT_QUERY = JSON.stringify(parseListQuery({}));
/** The default (featured) order of a cached list, kept with it so its ETag is computed once. */
const featuredLists = new WeakMap<Product[], Product[]>();

function sendList(res: Response, products: Product[], query: ProductListQuery): void {
  publicCache(res);
  if (JSON.stringify({ ok: true, query }) === DEFAULT_QUERY) {
    let featured = featuredLists.get(products);
    if (!featured) {
      featured = applyListQuery(products, query);
      featuredLists.set(products, featured);
    }
    okCached(res, featured);
    return;
  }
  ok(res, applyListQuery(products, query));
}

/**
 * Instant search is a request per keystroke: 120 a minute per address is the floor the
 * contract sets (docs/search-and-seo.md); CDN hits never reach it.
 */
const searchLimit = rateLimit({ name: 'search', limit: limitFromEnv('search', 120), windowMs: 60_000 });

export function productsRouter(): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const raw = req.query.category;
    let category;
    if (raw !== undefined) {
      const parsed = categorySchema.safeParse(raw);
      if (!parsed.success) throw badRequest('Category must be one of luggage, backpacks, duffles');
      category = parsed.data;
    }
    const query = listQuery(req);
    sendList(res, await listProducts(category), query);
  });

  router.get('/category/:category', async (req, res) => {
    const parsed = categorySchema.safeParse(req.params.category);
    if (!parsed.success) throw badRequest('Category must be one of luggage, backpacks, duffles');
    const query = listQuery(req);
    sendList(res, await listProducts(parsed.data), query);
  });

  // Before '/:id'. Best match first ("featured"); the same filters and other sorts apply.
  router.get('/search', searchLimit, async (req, res) => {
    const text = parseSearchText(req.query.q);
    if (!text.ok) throw badRequest(text.message, [{ field: 'q', message: text.message }]);
    const query = listQuery(req);
    const ranked = await searchProducts(text.q);
    publicCache(res);
    ok(res, applyListQuery(ranked, query, { soldOutLast: false }));
  });

  router.post('/createProducts', async (req, res) => {
    await requireAdmin(req);
    const form = await readProductForm(req);
    // Validate the text first, so a bad form fails fast without decoding the images.
    const input = productCreateSchema.parse(form.fields);
    const product = await createProduct(input, await form.gallery());
    ok(res, product, 'Product created successfully', 201);
  });

  router.get('/:id', async (req, res) => {
    const product = await getProduct(req.params.id);
    publicCache(res);
    ok(res, product);
  });

  router.patch('/:id', async (req, res) => {
    await requireAdmin(req);
    const form = await readProductForm(req);
    const input = productUpdateSchema.parse(form.fields);
    const product = await updateProduct(req.params.id, input, form.changesGallery ? await form.gallery() : null);
    ok(res, product, 'Product updated successfully');
  });

  router.delete('/:id', async (req, res) => {
    await requireAdmin(req);
    await deleteProduct(req.params.id);
    ok(res, {}, 'Product deleted');
  });

  return router;
}
