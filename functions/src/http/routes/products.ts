import { Router, type Request } from 'express';
import { categorySchema, productCreateSchema, productUpdateSchema } from '@bagshop/domain';
import { badRequest } from '../../lib/errors.js';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from '../../services/catalog.js';
import { processProductImage, type ProcessedImage } from '../../services/images/process-image.js';
import { requireAdmin } from '../auth.js';
import { parseMultipart } from '../multipart.js';
import { ok, okCached, publicCache } from '../respond.js';

/** The product form (multipart): text fields for the schema, and an optional image file. */
async function readProductForm(req: Request): Promise<{ fields: Record<string, string>; imageBytes: Buffer | null }> {
  const form = await parseMultipart(req);
  const { image: imageText, ...fields } = form.fields;
  if (imageText !== undefined && imageText.trim() !== '') throw badRequest('Image must be an uploaded file');
  return { fields, imageBytes: form.file?.bytes ?? null };
}

/** Checks and re-encodes the upload (415 / 413 from processProductImage). */
async function imageOf(bytes: Buffer | null): Promise<ProcessedImage | null> {
  return bytes ? processProductImage(bytes) : null;
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
    const products = await listProducts(category);
    publicCache(res);
    okCached(res, products);
  });

  router.get('/category/:category', async (req, res) => {
    const parsed = categorySchema.safeParse(req.params.category);
    if (!parsed.success) throw badRequest('Category must be one of luggage, backpacks, duffles');
    const products = await listProducts(parsed.data);
    publicCache(res);
    okCached(res, products);
  });

  router.post('/createProducts', async (req, res) => {
    await requireAdmin(req);
    const { fields, imageBytes } = await readProductForm(req);
    // Validate the text first, so a bad form fails fast without decoding the image.
    const input = productCreateSchema.parse(fields);
    const product = await createProduct(input, await imageOf(imageBytes));
    ok(res, product, 'Product created successfully', 201);
  });

  router.get('/:id', async (req, res) => {
    const product = await getProduct(req.params.id);
    publicCache(res);
    ok(res, product);
  });

  router.patch('/:id', async (req, res) => {
    await requireAdmin(req);
    const { fields, imageBytes } = await readProductForm(req);
    const input = productUpdateSchema.parse(fields);
    const product = await updateProduct(req.params.id, input, await imageOf(imageBytes));
    ok(res, product, 'Product updated successfully');
  });

  router.delete('/:id', async (req, res) => {
    await requireAdmin(req);
    await deleteProduct(req.params.id);
    ok(res, {}, 'Product deleted');
  });

  return router;
}
