/**
 * The admin's options and variants (docs/variants.md): `options` and `variants` arrive as JSON
 * strings in the multipart product form of POST /api/products/createProducts and
 * PATCH /api/products/{id}; the shapes and limits are checked here, the rules between them by
 * `validateVariants` (variants.ts), and what needs the database (SKUs in other products,
 * open orders) by the service.
 */
import { z } from 'zod';
import { MAX_PRODUCT_IMAGES } from '../gallery.js';
import {
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_VARIANTS,
  normaliseSku,
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
  SKU_MAX,
  SKU_PATTERN,
  VARIANT_MESSAGES,
  validateVariants,
  type ProductOption,
} from '../variants.js';
import { declarationsSchema } from './declarations.js';
import { docIdSchema, LIMITS, optionalField, wholeNumberField } from './common.js';
import { DISCOUNT_MESSAGE, DISCOUNT_OVER_PRICE, PRICE_MESSAGE, STOCK_MESSAGE } from './products.js';

export const OPTIONS_JSON_MESSAGE = 'options must be JSON: a list of { name, values }';
export const VARIANTS_JSON_MESSAGE = 'variants must be JSON: a list of { sku, options, price, discount, stock }';
export const VARIANTS_WITHOUT_OPTIONS = 'Send options with the variants';
export const STOCK_PER_VARIANT = 'This product has variants: set the stock of each variant in variants';

const optionSchema = z.object(
  {
    name: z
      .string({ error: VARIANT_MESSAGES.optionName })
      .trim()
      .min(1, { error: VARIANT_MESSAGES.optionName })
      .max(OPTION_NAME_MAX, { error: VARIANT_MESSAGES.optionName }),
    values: z
      .array(
        z
          .string({ error: VARIANT_MESSAGES.optionValue })
          .trim()
          .min(1, { error: VARIANT_MESSAGES.optionValue })
          .max(OPTION_VALUE_MAX, { error: VARIANT_MESSAGES.optionValue }),
        { error: 'Option values must be a list' },
      )
      .max(MAX_OPTION_VALUES, { error: `An option can have at most ${MAX_OPTION_VALUES} values` }),
  },
  { error: OPTIONS_JSON_MESSAGE },
);

export const optionsSchema = z
  .array(optionSchema, { error: OPTIONS_JSON_MESSAGE })
  .max(MAX_OPTIONS, { error: VARIANT_MESSAGES.tooManyOptions });

const SIZE_MESSAGE = 'Weight and dimensions must be whole numbers from 1 to 100,000';
const measure = wholeNumberField({ min: 1, max: 100_000, message: SIZE_MESSAGE });

const skuSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseSku(value) : value),
  z.string({ error: VARIANT_MESSAGES.sku }).max(SKU_MAX, { error: VARIANT_MESSAGES.sku }),
);

const variantSchema = z
  .object(
    {
      _id: optionalField(docIdSchema),
      sku: z.preprocess((value) => (value === null || value === undefined ? '' : value), skuSchema),
      options: z.preprocess(
        (value) => (value === null || value === undefined ? {} : value),
        z.record(z.string(), z.string({ error: 'Option values must be text' }).trim(), {
          error: 'A variant’s options must be { name: value }',
        }),
      ),
      price: wholeNumberField({ min: LIMITS.priceMin, max: LIMITS.priceMax, message: PRICE_MESSAGE }),
      discount: z.preprocess(
        (value) => (value === null || value === undefined || value === '' ? 0 : value),
        wholeNumberField({ min: 0, max: LIMITS.priceMax, message: DISCOUNT_MESSAGE }),
      ),
      /** Left out: unchanged (a new variant starts at 0). */
      stock: optionalField(wholeNumberField({ min: 0, max: LIMITS.stockMax, message: STOCK_MESSAGE })),
      /** Gallery pictures by position (0-based). */
      imageIndexes: optionalField(
        z
          .array(
            z
              .number({ error: 'imageIndexes must be positions in the gallery' })
              .int()
              .min(0)
              .max(MAX_PRODUCT_IMAGES - 1),
            {
              error: 'imageIndexes must be positions in the gallery',
            },
          )
          .max(MAX_PRODUCT_IMAGES),
      ),
      /** Or the pictures by URL, as the product JSON gives them. */
      images: optionalField(z.array(z.object({ url: z.string() }), { error: 'images must be a list of { url }' }).max(MAX_PRODUCT_IMAGES)),
      weightGrams: optionalField(measure),
      capacityLitres: optionalField(wholeNumberField({ min: 1, max: 500, message: 'Capacity must be whole litres from 1 to 500' })),
      /** `{ length, width, height }`, or L × B × H as `{ l, b, h }` (docs/legal-metrology.md). */
      dimensionsCm: optionalField(
        z.preprocess(
          (value) =>
            value && typeof value === 'object' && 'l' in value
              ? { length: (value as { l: unknown }).l, width: (value as { b?: unknown }).b, height: (value as { h?: unknown }).h }
              : value,
          z.object({ length: measure, width: measure, height: measure }, { error: SIZE_MESSAGE }),
        ),
      ),
      /** This variant's Legal Metrology declarations, each overriding the product's; `{}` clears them. */
      declarations: optionalField(declarationsSchema),
    },
    { error: VARIANTS_JSON_MESSAGE },
  )
  .refine((v) => v.discount <= v.price, { error: DISCOUNT_OVER_PRICE, path: ['discount'] });

export const variantsSchema = z
  .array(variantSchema, { error: VARIANTS_JSON_MESSAGE })
  .min(1, { error: VARIANT_MESSAGES.noVariants })
  .max(MAX_VARIANTS, { error: VARIANT_MESSAGES.tooManyVariants });

export type VariantInput = z.output<typeof variantSchema>;
export type OptionInput = z.output<typeof optionSchema>;

/** The options and variants of a form, checked together. */
export interface VariantsInput {
  options: ProductOption[];
  variants: VariantInput[];
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function jsonOf(text: unknown, message: string): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return Symbol(message); // fails the schema with its own message
  }
}

export type VariantsFormResult = { ok: true; value: VariantsInput | null } | { ok: false; field: string; message: string };

/**
 * Reads `options` and `variants` of a product form (JSON strings, or already parsed).
 * Neither sent: null (the product keeps, or gets, one variant from price, discount and stock).
 * `options` alone is refused; `variants` alone means no options.
 */
export function parseVariantsForm(fields: { options?: unknown; variants?: unknown }): VariantsFormResult {
  if (isBlank(fields.variants)) {
    if (!isBlank(fields.options)) return { ok: false, field: 'variants', message: 'Send the variants with the options' };
    return { ok: true, value: null };
  }
  const options = isBlank(fields.options) ? [] : jsonOf(fields.options, OPTIONS_JSON_MESSAGE);
  const parsedOptions = optionsSchema.safeParse(options);
  if (!parsedOptions.success) return { ok: false, field: 'options', message: firstIssue(parsedOptions.error, OPTIONS_JSON_MESSAGE) };
  const parsedVariants = variantsSchema.safeParse(jsonOf(fields.variants, VARIANTS_JSON_MESSAGE));
  if (!parsedVariants.success) return { ok: false, field: 'variants', message: firstIssue(parsedVariants.error, VARIANTS_JSON_MESSAGE) };
  const problems = validateVariants(parsedOptions.data, parsedVariants.data);
  if (problems.length > 0) return { ok: false, field: 'variants', message: problems[0] ?? VARIANTS_JSON_MESSAGE };
  const bad = parsedVariants.data.find((v) => v.sku !== '' && !SKU_PATTERN.test(v.sku));
  if (bad) return { ok: false, field: 'variants', message: VARIANT_MESSAGES.sku };
  return { ok: true, value: { options: parsedOptions.data, variants: parsedVariants.data } };
}

function firstIssue(error: z.ZodError, fallback: string): string {
  const issue = error.issues[0];
  if (!issue) return fallback;
  // A symbol from jsonOf, or a wrong top-level kind: the JSON message.
  return issue.path.length === 0 && issue.code === 'invalid_type' ? fallback : issue.message;
}
