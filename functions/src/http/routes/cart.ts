import { Router, type Request } from 'express';
import { addToCartSchema, docIdSchema } from '@bagshop/domain';
import { badRequest } from '../../lib/errors.js';
import { addToCart, clearCart, decrementLine, getCart, incrementLine, removeLine } from '../../services/cart.js';
import { requireUser } from '../auth.js';
import { optionalJsonBody } from '../json-body.js';
import { ok } from '../respond.js';

function productId(req: Request): string {
  const parsed = docIdSchema.safeParse(req.params.productId);
  if (!parsed.success) throw badRequest('Invalid product id');
  return parsed.data;
}

/** Every route answers the whole cart: [{ _id, product, variant, quantity }]; the other routes take the line id. Paths are always the caller's own cart. */
export function cartRouter(): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await getCart(user.uid));
  });

  // Before '/:productId', which would otherwise take 'deleteCart' for a product id.
  router.delete('/deleteCart', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await clearCart(user.uid), 'Cart cleared');
  });

  router.patch('/increment/:productId', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await incrementLine(user.uid, productId(req)));
  });

  router.patch('/decrement/:productId', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await decrementLine(user.uid, productId(req)));
  });

  router.post('/:productId', async (req, res) => {
    const user = await requireUser(req);
    const id = productId(req);
    const input = addToCartSchema.parse(optionalJsonBody(req));
    ok(res, await addToCart(user.uid, id, input.quantity, input.variantId), 'Product added successfully');
  });

  router.delete('/:productId', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await removeLine(user.uid, productId(req)), 'Product removed from cart');
  });

  return router;
}
