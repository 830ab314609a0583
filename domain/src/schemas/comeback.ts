// Wishlist and alerts bodies (docs/comeback.md, issue 42).
import { z } from 'zod';
import { BODY_MESSAGE } from './common.js';
import { emailSchema } from './users.js';

const id = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, { error: `${what} must not be empty` })
    .max(200, { error: `${what} is too long` });

/** POST /api/wishlist/{productId} and DELETE: `variantId` when the product has several. */
export const wishlistBodySchema = z.object({ variantId: id('variantId').optional() }, { error: BODY_MESSAGE });

/** POST /api/alerts: a signed-in shopper's alert (one tap), or a visitor's with an email (double opt-in). */
export const alertCreateSchema = z.object(
  {
    productId: id('productId'),
    variantId: id('variantId').optional(),
    email: emailSchema.optional(),
  },
  { error: BODY_MESSAGE },
);
export type AlertCreateInput = z.output<typeof alertCreateSchema>;

/** POST /api/alerts/confirm and /api/unsubscribe: the signed token from the mail. */
export const signedTokenSchema = z.object({
  token: z
    .string({ error: 'This link is not valid' })
    .trim()
    .min(10, { error: 'This link is not valid' })
    .max(1000, { error: 'This link is not valid' }),
});
