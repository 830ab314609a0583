import { z } from 'zod';
import { BODY_MESSAGE, docIdSchema, optionalField, quantitySchema } from './common.js';

/**
 * POST /api/cart/{productId}: how many to add (default 1) and of which variant (required when
 * the product has several: docs/variants.md). Anything else (a price…) is dropped.
 */
export const addToCartSchema = z.object(
  { quantity: quantitySchema.default(1), variantId: optionalField(docIdSchema) },
  { error: BODY_MESSAGE },
);

export type AddToCartInput = z.output<typeof addToCartSchema>;
