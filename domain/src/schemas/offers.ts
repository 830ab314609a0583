import { z } from 'zod';
import { CATEGORIES } from '../categories.js';
import { EMI_TENURES, RAZORPAY_EMI_RATES } from '../emi-rates.js';
import { PAYMENT_METHODS } from '../order-status.js';
import { BODY_MESSAGE, docIdSchema, optionalField, quantitySchema, textField, wholeNumberField } from './common.js';

/**
 * The admin's offer (docs/offers.md): POST /api/admin/offers takes it whole; PATCH takes any
 * of its fields, merged with the stored offer and checked again whole. Money in rupees.
 */

export const OFFER_FIELD_MESSAGES = {
  code: 'Code must be 4 to 20 capital letters or digits',
  title: 'Title is required',
  kind: "Kind must be 'percent', 'flat' or 'no_cost_emi'",
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
  valueRequired: 'Value is required for a percent or flat offer',
  noCostValue: 'A no-cost EMI offer has no value: its discount is the interest of the plan chosen',
  emiTenures: 'Tenures must be a list of 3, 6, 9 or 12 months',
  emiTenuresRequired: 'A no-cost EMI offer needs at least one tenure: 3, 6, 9 or 12 months',
  emiBanks: `Banks must be Razorpay bank codes: ${RAZORPAY_EMI_RATES.map((b) => b.code).join(', ')}`,
  emiOnlyNoCost: 'Tenures and banks are only for a no-cost EMI offer',
  noCostCode: 'A no-cost EMI offer applies without a code (it is worked on the plan chosen at checkout)',
  noCostMaxDiscount: 'A no-cost EMI offer has no maximum discount: it gives back the whole interest',
  noCostMethod: "A no-cost EMI offer is for paying online: payment methods must be ['ONLINE'] or left out",
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
  kind: z.enum(['percent', 'flat', 'no_cost_emi'], { error: OFFER_FIELD_MESSAGES.kind }),
  value: optionalField(wholeNumberField({ min: 1, max: 100000, message: OFFER_FIELD_MESSAGES.value })),
  /** `no_cost_emi` only (issue 43): the tenures it makes no-cost, and the banks (none: every bank). */
  emiTenures: optionalField(
    z
      .array(
        z.union(
          EMI_TENURES.map((t) => z.literal(t)),
          { error: OFFER_FIELD_MESSAGES.emiTenures },
        ),
        { error: OFFER_FIELD_MESSAGES.emiTenures },
      )
      .max(4, { error: OFFER_FIELD_MESSAGES.emiTenures }),
  ),
  emiBanks: optionalField(
    z
      .array(
        z.enum(
          RAZORPAY_EMI_RATES.map((b) => b.code),
          { error: OFFER_FIELD_MESSAGES.emiBanks },
        ),
        { error: OFFER_FIELD_MESSAGES.emiBanks },
      )
      .max(RAZORPAY_EMI_RATES.length, { error: OFFER_FIELD_MESSAGES.emiBanks }),
  ),
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

type OfferFieldsOut = z.output<z.ZodObject<typeof offerFields>>;

/** A no-cost EMI offer's own rules (issue 43, docs/emi.md). */
function checkNoCostEmi(o: OfferFieldsOut, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (o.kind !== 'no_cost_emi') {
    if (o.value === undefined) issue('value', OFFER_FIELD_MESSAGES.valueRequired);
    if (o.emiTenures !== undefined) issue('emiTenures', OFFER_FIELD_MESSAGES.emiOnlyNoCost);
    if (o.emiBanks !== undefined) issue('emiBanks', OFFER_FIELD_MESSAGES.emiOnlyNoCost);
    return;
  }
  if (o.value !== undefined) issue('value', OFFER_FIELD_MESSAGES.noCostValue);
  if (!o.emiTenures || o.emiTenures.length === 0) issue('emiTenures', OFFER_FIELD_MESSAGES.emiTenuresRequired);
  if (o.code !== undefined) issue('code', OFFER_FIELD_MESSAGES.noCostCode);
  if (o.maxDiscount !== undefined) issue('maxDiscount', OFFER_FIELD_MESSAGES.noCostMaxDiscount);
  if (o.paymentMethods && (o.paymentMethods.length !== 1 || o.paymentMethods[0] !== 'ONLINE'))
    issue('paymentMethods', OFFER_FIELD_MESSAGES.noCostMethod);
}

export const offerInputSchema = z.object(offerFields, { error: BODY_MESSAGE }).superRefine((o, ctx) => {
  checkNoCostEmi(o, ctx);
  if (o.kind === 'percent' && (o.value ?? 0) > 90) ctx.addIssue({ code: 'custom', path: ['value'], message: OFFER_FIELD_MESSAGES.percent });
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
