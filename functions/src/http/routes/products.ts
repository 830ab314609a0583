import { Router, type Request, type Response } from 'express';
import {
  applyListQuery,
  applyOptionFilters,
  categorySchema,
  OPTION_FILTERS,
  optionFacets,
  parseOptionFilters,
  type Facets,
  type OptionFilters,
  fromVariant,
  normaliseSku,
  parseVariantsForm,
  SKU_PATTERN,
  totalStock,
  VARIANT_MESSAGES,
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
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  listProductsForAdmin,
  updateProduct,
  type VariantForm,
} from '../../catalog/index.js';
import { IMAGE_ORDER_MESSAGES, parseImageOrder, type GalleryEdit } from '../../catalog/index.js';
import { processProductImage } from '../../images/index.js';
import { searchProducts } from '../../catalog/index.js';
import { requireAdmin } from '../auth.js';
import { parseMultipart } from '../multipart.js';
import { ok, okCached, okWith, publicCache } from '../respond.js';

/**
 * The product form (multipart): text fields for the schema; the pictures as the repeated
 * file field `images` (at most six) with the text field `imageOrder`, or one legacy `image`.
 * Files are only decoded once the text has passed the schema (see the routes).
 */
async function readProductForm(req: Request) {
  const form = await parseMultipart(req, {
    fileFields: ['image', 'images'],
    maxFields: 24,
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

/**
 * `options`, `variants` (JSON strings) and `sku` of a product form, taken out of the fields
 * the product schema reads (docs/variants.md). With variants, the product's price, discount
 * and stock are theirs (the "from" price, the sum), whatever else the form says.
 */
function readVariantForm(fields: Record<string, string>): { fields: Record<string, string>; form: VariantForm } {
  const { options, variants, sku, ...rest } = fields;
  const parsed = parseVariantsForm({ options, variants });
  if (!parsed.ok) throw badRequest(parsed.message, [{ field: parsed.field, message: parsed.message }]);
  let typedSku: string | undefined;
  if (sku !== undefined && sku.trim() !== '') {
    typedSku = normaliseSku(sku);
    if (!SKU_PATTERN.test(typedSku)) throw badRequest(VARIANT_MESSAGES.sku, [{ field: 'sku', message: VARIANT_MESSAGES.sku }]);
  }
  if (parsed.value) {
    const from = fromVariant(parsed.value.variants);
    if (from) {
      rest.price = String(from.price);
      rest.discount = String(from.discount);
    }
    rest.stock = String(totalStock(parsed.value.variants.map((v) => ({ stock: v.stock ?? 0 }))));
  }
  return { fields: rest, form: { variants: parsed.value, sku: typedSku } };
}

/** The filter and sort parameters, or 400 naming the bad one. */
function listQuery(req: Request): ProductListQuery {
  const parsed = parseListQuery(req.query);
  if (!parsed.ok) throw new HttpError(400, parsed.message, [{ field: parsed.field, message: parsed.message }]);
  return parsed.query;
}

/** `colour=` and `size=` (docs/variants.md), or 400 naming the bad one. */
function optionFilters(req: Request): OptionFilters {
  const parsed = parseOptionFilters(req.query);
  if (!parsed.ok) throw new HttpError(400, parsed.message, [{ field: parsed.field, message: parsed.message }]);
  return parsed.filters;
}

const DEFAULT_QUERY = JSON.stringify(parseListQuery({}));
/** The default (featured) order of a cached list and its facets, kept with it so its ETag is computed once. */
const featuredLists = new WeakMap<Product[], { list: Product[]; facets: Facets }>();

/** The list with `facets: { colour, size }` beside `data`. */
function sendList(res: Response, products: Product[], query: ProductListQuery, filters: OptionFilters): void {
  publicCache(res);
  const unfiltered = !OPTION_FILTERS.some((name) => filters[name]);
  if (unfiltered && JSON.stringify({ ok: true, query }) === DEFAULT_QUERY) {
    let featured = featuredLists.get(products);
    if (!featured) {
      featured = { list: applyListQuery(products, query), facets: optionFacets(products, query, filters) };
      featuredLists.set(products, featured);
    }
    okCached(res, featured.list, { facets: featured.facets });
    return;
  }
  okWith(res, applyOptionFilters(products, query, filters), { facets: optionFacets(products, query, filters) });
}

/**
 * Instant search is a request per keystroke: 120 a minute per address is the floor the
 * contract sets (docs/search-and-seo.md); CDN hits never reach it.
 */
const searchLimit = rateLimit({ name: 'search', limit: limitFromEnv('search', 120), windowMs: 60_000 });

/** PATCH /api/products/{id}, and /api/admin/products/{id} (the admin's function: see adminProductsRouter). */
async function patchProduct(req: Request<{ id: string }>, res: Response): Promise<void> {
  await requireAdmin(req);
  const form = await readProductForm(req);
  const { options, variants, sku, ...fields } = form.fields;
  const withVariants = readVariantForm({ options, variants, sku } as Record<string, string>);
  const input = productUpdateSchema.parse(fields);
  const product = await updateProduct(req.params.id, input, form.changesGallery ? await form.gallery() : null, withVariants.form);
  ok(res, product, 'Product updated successfully');
}

/**
 * Under /api/admin: the product edit at a path of its own, so Hosting can send it (its pictures
 * are decoded and re-encoded) to the admin's function while GET /api/products/{id} stays on the
 * shoppers' (docs/decisions/0031-reads-follow-changes.md).
 */
export function adminProductsRouter(): Router {
  const router = Router();
  // Every product, drafts too, each with what it misses to be published (docs/legal-metrology.md).
  router.get('/products', async (req, res) => {
    await requireAdmin(req);
    ok(res, await listProductsForAdmin());
  });
  router.patch('/products/:id', patchProduct);
  return router;
}

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
    sendList(res, await listProducts(category), query, optionFilters(req));
  });

  router.get('/category/:category', async (req, res) => {
    const parsed = categorySchema.safeParse(req.params.category);
    if (!parsed.success) throw badRequest('Category must be one of luggage, backpacks, duffles');
    const query = listQuery(req);
    sendList(res, await listProducts(parsed.data), query, optionFilters(req));
  });

  // Before '/:id'. Best match first ("featured"); the same filters and other sorts apply.
  router.get('/search', searchLimit, async (req, res) => {
    const text = parseSearchText(req.query.q);
    if (!text.ok) throw badRequest(text.message, [{ field: 'q', message: text.message }]);
    const query = listQuery(req);
    const filters = optionFilters(req);
    const ranked = await searchProducts(text.q);
    publicCache(res);
    okWith(res, applyOptionFilters(ranked, query, filters, { soldOutLast: false }), { facets: optionFacets(ranked, query, filters) });
  });

  router.post('/createProducts', async (req, res) => {
    await requireAdmin(req);
    const form = await readProductForm(req);
    // Validate the text first, so a bad form fails fast without decoding the images.
    const withVariants = readVariantForm(form.fields);
    const input = productCreateSchema.parse(withVariants.fields);
    const product = await createProduct(input, await form.gallery(), withVariants.form);
    ok(res, product, 'Product created successfully', 201);
  });

  router.get('/:id', async (req, res) => {
    // A public read (anonymous, docs/security.md): a draft is 404 here; admins read drafts
    // through GET /api/admin/products (docs/legal-metrology.md).
    const product = await getProduct(req.params.id, { fresh: req.query.fresh !== undefined });
    publicCache(res);
    ok(res, product);
  });

  router.patch('/:id', patchProduct);

  router.delete('/:id', async (req, res) => {
    await requireAdmin(req);
    await deleteProduct(req.params.id);
    ok(res, {}, 'Product deleted');
  });

  return router;
}
