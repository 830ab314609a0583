/**
 * The shapes of the Legal Metrology declarations (docs/legal-metrology.md), one schema for the
 * admin form and the API: `declarations` and `dimensionsCm` arrive as JSON strings in the
 * multipart product form (like `options` and `variants`), `published` as 'true' / 'false'.
 * Every block is optional here (a draft may be saved half filled); what a published product
 * must have is `missingDeclarations` (declarations.ts).
 */
import { z } from 'zod';
import {
  DECLARATION_ADDRESS_MAX,
  DECLARATION_NAME_MAX,
  DIMENSION_MAX_CM,
  GENERIC_NAME_MAX,
  NET_QUANTITY_MAX,
  NET_QUANTITY_UNITS,
  PUBLISHED_MESSAGE,
  type Declarations,
  type DimensionsLbh,
} from '../declarations.js';
import { optionalField, textField, wholeNumberField } from './common.js';

export const DECLARATIONS_JSON_MESSAGE = 'declarations must be JSON: { genericName, netQuantity, manufacturer, packer, importer }';
export const DIMENSIONS_JSON_MESSAGE = 'dimensionsCm must be JSON: { l, b, h } in centimetres';
export const NET_QUANTITY_MESSAGE = `Net quantity must be a whole number from 1 to ${NET_QUANTITY_MAX}`;
export const NET_QUANTITY_UNIT_MESSAGE = "Net quantity unit must be 'N' or 'set'";
export const DIMENSION_MESSAGE = `Dimensions must be whole centimetres from 1 to ${DIMENSION_MAX_CM}`;

const party = (label: string) =>
  z.object(
    {
      name: textField({ label: `${label} name`, max: DECLARATION_NAME_MAX }),
      address: textField({ label: `${label} address`, max: DECLARATION_ADDRESS_MAX }),
    },
    { error: `${label} must be { name, address }` },
  );

export const netQuantitySchema = z.object(
  {
    value: wholeNumberField({ min: 1, max: NET_QUANTITY_MAX, message: NET_QUANTITY_MESSAGE }),
    unit: z.enum(NET_QUANTITY_UNITS, { error: NET_QUANTITY_UNIT_MESSAGE }),
  },
  { error: 'Net quantity must be { value, unit }' },
);

/** A product's declarations, or a variant's overrides of them. */
export const declarationsSchema = z.object(
  {
    genericName: optionalField(textField({ label: 'Generic name', max: GENERIC_NAME_MAX })),
    netQuantity: optionalField(netQuantitySchema),
    manufacturer: optionalField(party('Manufacturer')),
    packer: optionalField(party('Packer')),
    importer: optionalField(party('Importer')),
  },
  { error: DECLARATIONS_JSON_MESSAGE },
) satisfies z.ZodType<Declarations>;

const centimetres = wholeNumberField({ min: 1, max: DIMENSION_MAX_CM, message: DIMENSION_MESSAGE });

export const dimensionsLbhSchema = z.object(
  { l: centimetres, b: centimetres, h: centimetres },
  { error: DIMENSIONS_JSON_MESSAGE },
) satisfies z.ZodType<DimensionsLbh>;

/** 'true' / 'false' (multipart) or a boolean. */
export const publishedSchema = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: PUBLISHED_MESSAGE }),
);

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A JSON text field: blank → null (cleared), bad JSON → a value the schema refuses with its message. */
function jsonField<T extends z.ZodType>(schema: T, message: string) {
  return z.preprocess((value) => {
    if (value === undefined) return undefined;
    if (isBlank(value)) return null;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return Symbol(message);
    }
  }, schema.nullable().optional());
}

/** `declarations` of the product form (a JSON string); null clears it. */
export const declarationsField = jsonField(declarationsSchema, DECLARATIONS_JSON_MESSAGE);
/** `dimensionsCm` of the product form (a JSON string); null clears it. */
export const dimensionsField = jsonField(dimensionsLbhSchema, DIMENSIONS_JSON_MESSAGE);

export type DeclarationsInput = z.output<typeof declarationsSchema>;
