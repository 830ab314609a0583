import { Router } from 'express';
import { categorySchema } from '@bagshop/domain';
import { badRequest } from '../../lib/errors.js';
import { listProducts } from '../../services/catalog.js';
import { ok, publicCache } from '../respond.js';

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
    ok(res, products);
  });

  router.get('/category/:category', async (req, res) => {
    const parsed = categorySchema.safeParse(req.params.category);
    if (!parsed.success) throw badRequest('Category must be one of luggage, backpacks, duffles');
    const products = await listProducts(parsed.data);
    publicCache(res);
    ok(res, products);
  });

  return router;
}
