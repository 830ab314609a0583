import { z } from 'zod';
import { CATEGORIES, CATEGORY_ERROR } from '../categories.js';
import { DEFAULT_GST_RATE, DEFAULT_HSN, GST_RATES, HSN_PATTERN, isGstRate } from '../gst.js';
import { declarationsField, dimensionsField, publishedSchema } from './declarations.js';
import {
  BODY_MESSAGE,
  LIMITS,
  optionalField,
  optionalTextField,
  textField,
  toNumberInput,
  whenFieldsValid,
  wholeNumberField,
} from './common.js';

/**
 * Product bodies arrive as multipart text fields, so numbers may be strings: '1499' is read
 * as 1499; '', '1e309', '-0.5', '1.5' and 'abc' are not whole rupees.
 */

export const PRODUCT_REQUIRED = 'Name, price, category and stock are required';
export const PRODUCT_NAME_MAX = 120;
export const PRICE_MESSAGE = 'Price must be a whole number of rupees between 1 and 10,00,000';
export const DISCOUNT_MESSAGE = 'Discount must be a whole number of rupees between 0 and 10,00,000';
export const DISCOUNT_OVER_PRICE = 'Discount cannot exceed price';
export const STOCK_MESSAGE = 'Stock must be a whole number between 0 and 10,000';
/** 409 when the stock an admin edited was changed (an order, another admin) after the form loaded it. */
export const PRODUCT_CHANGED = 'This product changed since you opened it';
export const EXPECTED_UPDATED_AT_REQUIRED = "expectedUpdatedAt (the product's updatedAt as you loaded it) is required to change stock";

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const name = textField({ label: 'Name', max: PRODUCT_NAME_MAX, required: PRODUCT_REQUIRED });

const price = wholeNumberField({
  min: LIMITS.priceMin,
  max: LIMITS.priceMax,
  message: PRICE_MESSAGE,
  required: PRODUCT_REQUIRED,
});

/** A blank discount means no discount. */
const discount = z.preprocess(
  (value) => (isBlank(value) ? 0 : value),
  wholeNumberField({ min: 0, max: LIMITS.priceMax, message: DISCOUNT_MESSAGE }),
);

const category = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value),
  z.enum(CATEGORIES, {
    error: (issue) => (issue.input === undefined || issue.input === null ? PRODUCT_REQUIRED : CATEGORY_ERROR),
  }),
);

const stock = wholeNumberField({
  min: 0,
  max: LIMITS.stockMax,
  message: STOCK_MESSAGE,
  required: PRODUCT_REQUIRED,
});

/** Where the bag was made; a product sent without one is taken as made in India. */
export const DEFAULT_COUNTRY_OF_ORIGIN = 'India';
const countryOfOrigin = z.preprocess(
  (value) => (isBlank(value) ? DEFAULT_COUNTRY_OF_ORIGIN : value),
  textField({ label: 'Country of origin', max: 60 }),
);

export const HSN_MESSAGE = 'HSN code must be 4, 6 or 8 digits';
export const GST_RATE_MESSAGE = `GST rate must be one of ${GST_RATES.join(', ')} %`;

/** HSN code for the tax invoice; blank means the bag chapter, 4202. */
const hsn = z.preprocess(
  (value) => (isBlank(value) ? DEFAULT_HSN : typeof value === 'string' ? value.replace(/\s+/g, '') : value),
  z.string({ error: HSN_MESSAGE }).regex(HSN_PATTERN, { error: HSN_MESSAGE }),
);

/** GST rate in percent (tax-inclusive prices); blank means 18. */
const gstRatePercent = z.preprocess(
  (value) => (isBlank(value) ? DEFAULT_GST_RATE : toNumberInput(value)),
  z.number({ error: GST_RATE_MESSAGE }).refine(isGstRate, { error: GST_RATE_MESSAGE }),
);

export const RETURNABLE_MESSAGE = 'Returnable must be true or false';
export const NON_RETURNABLE_REASON_MAX = 200;
export const NON_RETURNABLE_REASON_REQUIRED = 'Say why this product cannot be returned (shown to shoppers before they buy)';

/** Multipart sends 'true' / 'false'; JSON may send booleans. Blank means returnable. */
const returnable = z.preprocess(
  (value) => (isBlank(value) ? true : value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: RETURNABLE_MESSAGE }),
);

/** Why a product cannot be returned (docs/returns.md); shown on the product page and the order. */
const nonReturnableReason = optionalTextField({ label: 'Reason it cannot be returned', max: NON_RETURNABLE_REASON_MAX });

const reasonWhenNotReturnable = {
  error: NON_RETURNABLE_REASON_REQUIRED,
  path: ['nonReturnableReason'],
  when: whenFieldsValid('returnable', 'nonReturnableReason'),
};

const discountWithinPrice = {
  error: DISCOUNT_OVER_PRICE,
  path: ['discount'],
  when: whenFieldsValid('price', 'discount'),
};

/** POST /api/products/createProducts. */
export const productCreateSchema = z
  .object(
    {
      name,
      description: optionalTextField({ label: 'Description', max: LIMITS.description }),
      price,
      discount,
      category,
      stock,
      countryOfOrigin,
      hsn,
      gstRatePercent,
      returnable,
      nonReturnableReason,
      /** Legal Metrology declarations (docs/legal-metrology.md), JSON strings in the form. */
      declarations: declarationsField.optional(),
      dimensionsCm: dimensionsField.optional(),
      /** Left out: a draft. Publishing checks the declarations (missingDeclarations). */
      published: z.preprocess((value) => (isBlank(value) ? false : value), publishedSchema),
    },
    { error: BODY_MESSAGE },
  )
  .refine((p) => p.discount <= p.price, discountWithinPrice)
  .refine((p) => p.returnable || p.nonReturnableReason !== '', reasonWhenNotReturnable);

/**
 * PATCH /api/products/{id}: every field optional; a field left out stays as it is.
 * A blank description or discount clears it ('' / 0); a blank name, price, category or
 * stock is refused. Discount ≤ price is checked here only when both are sent: the service
 * checks a lone one against the stored product.
 */
export const productUpdateSchema = z
  .object(
    {
      name: name.optional(),
      description: z.preprocess(
        (value) => (value === null ? '' : value),
        z
          .string({ error: 'Description must be text' })
          .trim()
          .max(LIMITS.description, { error: `Description must be at most ${LIMITS.description} characters` })
          .optional(),
      ),
      price: price.optional(),
      discount: discount.optional(),
      category: category.optional(),
      stock: stock.optional(),
      /** The product's `updatedAt` as the form loaded it; required with `stock` (409 when stale). */
      expectedUpdatedAt: z
        .string({ error: 'expectedUpdatedAt must be a date' })
        .refine((value) => !Number.isNaN(Date.parse(value)), { error: 'expectedUpdatedAt must be a date' })
        .optional(),
      countryOfOrigin: textField({ label: 'Country of origin', max: 60 }).optional(),
      hsn: hsn.optional(),
      gstRatePercent: gstRatePercent.optional(),
      returnable: returnable.optional(),
      /** Sent blank with `returnable: false` is refused; alone, the service checks it against the stored product. */
      nonReturnableReason: z.preprocess(
        (value) => (value === null ? '' : value),
        z
          .string({ error: 'Reason it cannot be returned must be text' })
          .trim()
          .max(NON_RETURNABLE_REASON_MAX, { error: `Reason it cannot be returned must be at most ${NON_RETURNABLE_REASON_MAX} characters` })
          .optional(),
      ),
      /** Sent: replaces the product's declarations (blank clears them). */
      declarations: declarationsField.optional(),
      dimensionsCm: dimensionsField.optional(),
      published: optionalField(publishedSchema),
    },
    { error: BODY_MESSAGE },
  )
  .refine((p) => p.price === undefined || p.discount === undefined || p.discount <= p.price, discountWithinPrice)
  .refine((p) => p.returnable !== false || p.nonReturnableReason !== '', reasonWhenNotReturnable);

/**
 * The product fields an admin edits (the form, PATCH /api/products/{id}), in the form's order:
 * the admin form sends the ones that changed, the service writes the ones sent.
 */
export const PRODUCT_EDITABLE_FIELDS = [
  'name',
  'description',
  'price',
  'discount',
  'category',
  'stock',
  'countryOfOrigin',
  'hsn',
  'gstRatePercent',
  'returnable',
  'nonReturnableReason',
  'declarations',
  'dimensionsCm',
  'published',
] as const satisfies readonly (keyof ProductUpdateInput)[];

// Every field of the update schema but the concurrency token is in the list (a compile error otherwise).
type MissingEditable = Exclude<keyof ProductUpdateInput, (typeof PRODUCT_EDITABLE_FIELDS)[number] | 'expectedUpdatedAt'>;
const everyFieldListed: MissingEditable extends never ? true : MissingEditable = true;
void everyFieldListed;

export type ProductInput = z.output<typeof productCreateSchema>;
export type ProductCreateInput = ProductInput;
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;
