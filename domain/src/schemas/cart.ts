import { z } from 'zod';
import { BODY_MESSAGE, quantitySchema } from './common.js';

/** POST /api/cart/{productId}: how many to add (default 1). Anything else (a price…) is dropped. */
export const addToCartSchema = z.object({ quantity: quantitySchema.default(1) }, { error: BODY_MESSAGE });

export type AddToCartInput = z.output<typeof addToCartSchema>;
