import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../order-status.js';
import { BODY_MESSAGE, docIdSchema, optionalField, quantitySchema, whenFieldsValid } from './common.js';
import { deliverySpeedSchema } from './delivery.js';
import { EMI_TENURES, RAZORPAY_EMI_RATES } from '../emi-rates.js';

export const EMI_PLAN_MESSAGE = `Card EMI plan must be { bankCode: one of ${RAZORPAY_EMI_RATES.map((b) => b.code).join(', ')}, tenureMonths: 3, 6, 9 or 12 }`;

/** The card EMI plan chosen at checkout (issue 43): a no-cost EMI offer is worked on it, and the payment must be on it. */
export const emiPlanChoiceSchema = z.object(
  {
    bankCode: z.enum(
      RAZORPAY_EMI_RATES.map((b) => b.code),
      { error: EMI_PLAN_MESSAGE },
    ),
    tenureMonths: z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      z.union(
        EMI_TENURES.map((t) => z.literal(t)),
        { error: EMI_PLAN_MESSAGE },
      ),
    ),
  },
  { error: EMI_PLAN_MESSAGE },
);

/**
 * POST /api/order. Without productId the whole cart is ordered; with it ("Buy Now") only
 * that product, `quantity` of it (the service defaults a missing quantity to 1).
 */
export const createOrderSchema = z
  .object(
    {
      paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method must be COD or ONLINE' }),
      addressId: docIdSchema,
      productId: optionalField(docIdSchema),
      /** Buy Now: which variant (required when the product has several; docs/variants.md). */
      variantId: optionalField(docIdSchema),
      quantity: optionalField(quantitySchema),
      /** Standard (free) or express (its fee, computed by the server); left out: standard (issue 40). */
      deliverySpeed: optionalField(deliverySpeedSchema),
      /** Card EMI on this bank and tenure (ONLINE only, issue 43); left out: the shopper chooses on the payment page. */
      emiPlan: optionalField(emiPlanChoiceSchema),
    },
    { error: BODY_MESSAGE },
  )
  .refine((o) => o.emiPlan === undefined || o.paymentMethod === 'ONLINE', {
    error: 'A card EMI plan is only for paying online',
    path: ['emiPlan'],
    when: whenFieldsValid('paymentMethod', 'emiPlan'),
  })
  .refine((o) => o.quantity === undefined || o.productId !== undefined, {
    error: 'Quantity is only allowed with productId',
    path: ['quantity'],
    when: whenFieldsValid('productId', 'quantity'),
  })
  .refine((o) => o.variantId === undefined || o.productId !== undefined, {
    error: 'variantId is only allowed with productId',
    path: ['variantId'],
    when: whenFieldsValid('productId', 'variantId'),
  });

/** PATCH /api/order/{id}/status (admin). Whether the move is allowed is `canTransition`'s call. */
export const orderStatusUpdateSchema = z.object(
  {
    status: z.enum(ORDER_STATUSES, {
      error: `Status must be one of ${ORDER_STATUSES.join(', ')}`,
    }),
  },
  { error: BODY_MESSAGE },
);

/** POST /api/payment. Items a client sends are dropped: amounts come from the stored order. */
export const createPaymentSchema = z.object({ orderId: docIdSchema }, { error: BODY_MESSAGE });

export type CreateOrderInput = z.output<typeof createOrderSchema>;
export type OrderStatusUpdateInput = z.output<typeof orderStatusUpdateSchema>;
export type CreatePaymentInput = z.output<typeof createPaymentSchema>;

export const ORDER_PAGE_MAX = 100;
export const ORDER_PAGE_DEFAULT = 50;

/** GET /api/order/all (admin): optional status filter and paging (`cursor` = last order id seen). */
export const orderListQuerySchema = z.object({
  status: optionalField(z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` })),
  limit: optionalField(
    z.preprocess(
      (value) => (typeof value === 'string' && /^\d{1,6}$/.test(value.trim()) ? Number(value) : value),
      z
        .number({ error: `Limit must be a whole number between 1 and ${ORDER_PAGE_MAX}` })
        .int({ error: `Limit must be a whole number between 1 and ${ORDER_PAGE_MAX}` })
        .min(1, { error: `Limit must be a whole number between 1 and ${ORDER_PAGE_MAX}` })
        .max(ORDER_PAGE_MAX, { error: `Limit must be a whole number between 1 and ${ORDER_PAGE_MAX}` }),
    ),
  ),
  cursor: optionalField(docIdSchema),
});

export type OrderListQuery = z.output<typeof orderListQuerySchema>;
