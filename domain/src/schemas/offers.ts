import { z } from 'zod';
import { CATEGORIES } from '../categories.js';
import { PAYMENT_METHODS } from '../order-status.js';
import { BODY_MESSAGE, docIdSchema, optionalField, quantitySchema, textField, wholeNumberField } from './common.js';

/**
 * The admin's offer (docs/offers.md): POST /api/admin/offers takes it whole; PATCH takes any
 * of its fields, merged with the stored offer and checked again whole. Money in rupees.
 */

export const OFFER_FIELD_MESSAGES = {
  code: 'Code must be 4 to 20 capital letters or digits',
  title: 'Title is required',
  kind: "Kind must be 'percent' or 'flat'",
  percent: 'A percent offer must be a whole number from 1 to 90',
  value: 'Value must be a whole number: a percent from 1 to 90, or rupees from 1 to 1,00,000',
  flat: 'A flat offer must be a whole number of rupees from 1 to 1,00,000',
  maxDiscount: 'Maximum discount must be a whole number of rupees from 1 to 1,00,000',
  maxDiscountFlat: 'Maximum discount is only for percent offers',
  minOrder: 'Minimum order must be a whole number of rupees from 1 to 10,00,000',
  categories: 'Categories must be from luggage, backpacks, duffles',
  productIds: 'Products must be a list of up to 50 product ids',
  startsAt: 'Start must be a date and time (IST), e.g. 2026-12-01T00:00',
  endsAt: 'End must be a date and time (IST), e.g. 2026-12-31T23:59',
  endBeforeStart: 'The end must be after the start',
  usageLimit: 'Usage limit must be a whole number from 1 to 10,00,000',
  perCustomerLimit: 'Per-customer limit must be a whole number from 1 to 100',
  paymentMethods: "Payment methods must be ['ONLINE'], ['COD'] or both",
  combinable: 'Combinable must be true or false',
  firstOrderOnly: 'First order only must be true or false',
} as const;

const IST_OFFSET = '+05:30';

/**
 * A date or date-time in India time → ISO instant. '2026-12-01' is the start of that day (or,
 * with `endOfDay`, its last millisecond); '2026-12-01T10:00' is 10:00 IST; a value with an
 * offset or 'Z' is taken as it is. null when it is not a date.
 */
export function istInstant(value: string, endOfDay = false): string | null {
  const text = value.trim();
  let candidate: string;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) candidate = `${text}T${endOfDay ? '23:59:59.999' : '00:00:00'}${IST_OFFSET}`;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) candidate = `${text}${IST_OFFSET}`;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) candidate = text;
  else return null;
  const date = new Date(candidate);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const instant = (message: string, endOfDay: boolean) =>
  z.string({ error: message }).transform((value, ctx) => {
    const iso = istInstant(value, endOfDay);
    if (iso === null) {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return iso;
  });

const booleanField = (message: string) => z.boolean({ error: message });

const offerFields = {
  code: optionalField(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.string({ error: OFFER_FIELD_MESSAGES.code }).regex(/^[A-Z0-9]{4,20}$/, { error: OFFER_FIELD_MESSAGES.code }),
    ),
  ),
  title: textField({ label: 'Title', max: 80, required: OFFER_FIELD_MESSAGES.title }),
  kind: z.enum(['percent', 'flat'], { error: OFFER_FIELD_MESSAGES.kind }),
  value: wholeNumberField({ min: 1, max: 100000, message: OFFER_FIELD_MESSAGES.value }),
  maxDiscount: optionalField(wholeNumberField({ min: 1, max: 100000, message: OFFER_FIELD_MESSAGES.maxDiscount })),
  minOrder: optionalField(wholeNumberField({ min: 1, max: 1000000, message: OFFER_FIELD_MESSAGES.minOrder })),
  appliesTo: optionalField(
    z.object(
      {
        categories: optionalField(
          z.array(z.enum(CATEGORIES, { error: OFFER_FIELD_MESSAGES.categories }), { error: OFFER_FIELD_MESSAGES.categories }),
        ),
        productIds: optionalField(
          z.array(docIdSchema, { error: OFFER_FIELD_MESSAGES.productIds }).max(50, { error: OFFER_FIELD_MESSAGES.productIds }),
        ),
      },
      { error: 'Applies to must be { categories?, productIds? }' },
    ),
  ),
  startsAt: instant(OFFER_FIELD_MESSAGES.startsAt, false),
  endsAt: instant(OFFER_FIELD_MESSAGES.endsAt, true),
  usageLimit: optionalField(wholeNumberField({ min: 1, max: 1000000, message: OFFER_FIELD_MESSAGES.usageLimit })),
  perCustomerLimit: optionalField(wholeNumberField({ min: 1, max: 100, message: OFFER_FIELD_MESSAGES.perCustomerLimit })),
  firstOrderOnly: optionalField(booleanField(OFFER_FIELD_MESSAGES.firstOrderOnly)),
  paymentMethods: optionalField(
    z
      .array(z.enum(PAYMENT_METHODS, { error: OFFER_FIELD_MESSAGES.paymentMethods }), { error: OFFER_FIELD_MESSAGES.paymentMethods })
      .min(1, { error: OFFER_FIELD_MESSAGES.paymentMethods })
      .max(2, { error: OFFER_FIELD_MESSAGES.paymentMethods }),
  ),
  combinable: booleanField(OFFER_FIELD_MESSAGES.combinable),
};

export const offerInputSchema = z.object(offerFields, { error: BODY_MESSAGE }).superRefine((o, ctx) => {
  if (o.kind === 'percent' && o.value > 90) ctx.addIssue({ code: 'custom', path: ['value'], message: OFFER_FIELD_MESSAGES.percent });
  if (o.kind === 'flat' && o.maxDiscount !== undefined)
    ctx.addIssue({ code: 'custom', path: ['maxDiscount'], message: OFFER_FIELD_MESSAGES.maxDiscountFlat });
  if (new Date(o.endsAt).getTime() <= new Date(o.startsAt).getTime())
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: OFFER_FIELD_MESSAGES.endBeforeStart });
});

export type OfferInput = z.output<typeof offerInputSchema>;

/** PATCH: the same fields, each optional (the service merges them with the stored offer, then checks the whole). */
export const offerPatchSchema = z.object(
  Object.fromEntries(Object.keys(offerFields).map((k) => [k, z.unknown().optional()])) as Record<
    keyof typeof offerFields,
    z.ZodOptional<z.ZodUnknown>
  >,
  { error: BODY_MESSAGE },
);

/** POST /api/cart/coupon. */
export const applyCouponSchema = z.object(
  {
    code: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.string({ error: 'Enter a code' }).min(1, { error: 'Enter a code' }).max(40, { error: 'This code is not valid' }),
    ),
  },
  { error: BODY_MESSAGE },
);

/** `?paymentMethod=` of GET /api/cart/ (and the coupon routes): blank means not chosen. */
export const cartPricingQuerySchema = z.object({
  paymentMethod: optionalField(z.enum(PAYMENT_METHODS, { error: 'Payment method must be COD or ONLINE' })),
});

/** `GET /api/cart/buy-now-pricing`: the Buy Now line priced with the automatic offers (docs/offers.md "Buy Now"). */
export const buyNowPricingQuerySchema = cartPricingQuerySchema.extend({
  productId: docIdSchema,
  variantId: optionalField(docIdSchema),
  quantity: optionalField(quantitySchema),
});
export type BuyNowPricingQuery = z.infer<typeof buyNowPricingQuerySchema>;
