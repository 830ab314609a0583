/**
 * Legal Metrology (Packaged Commodities) Rules 2011, Rule 6(1) and 6(10) (docs/legal-metrology.md):
 * what every listing must declare, and what stops a product from being published. Plain
 * functions without zod (the product and list pages use them); the shapes a form or the API
 * accepts are in schemas/declarations.ts.
 */
import { isIndia } from './india.js';

export const NET_QUANTITY_UNITS = ['N', 'set'] as const;
export type NetQuantityUnit = (typeof NET_QUANTITY_UNITS)[number];

export interface NetQuantity {
  value: number;
  unit: NetQuantityUnit;
}

export interface NameAndAddress {
  name: string;
  address: string;
}

/** A product's declarations; on a variant, any of them overrides the product's. */
export interface Declarations {
  /** The common or generic name: "Hard-shell trolley bag". */
  genericName?: string;
  netQuantity?: NetQuantity;
  manufacturer?: NameAndAddress;
  packer?: NameAndAddress;
  /** Required when the country of origin is not India. */
  importer?: NameAndAddress;
}

/** Length × breadth × height in whole centimetres (the product's; a variant's `dimensionsCm` overrides it). */
export interface DimensionsLbh {
  l: number;
  b: number;
  h: number;
}

export const DECLARATION_FIELDS = ['genericName', 'netQuantity', 'manufacturer', 'dimensionsCm', 'importer'] as const;
export type DeclarationField = (typeof DECLARATION_FIELDS)[number];

export const DIMENSION_MAX_CM = 300;
export const DECLARATION_ADDRESS_MAX = 300;
export const DECLARATION_NAME_MAX = 120;
export const GENERIC_NAME_MAX = 120;
export const NET_QUANTITY_MAX = 1000;

/** What is missing, lower case (a variant's message starts "Variant SKU: …"). */
export const DECLARATION_MESSAGES = {
  genericName: 'generic name is required',
  netQuantity: 'net quantity is required',
  manufacturer: "manufacturer's name and address are required",
  dimensionsCm: 'dimensions (L × B × H in cm) are required',
  importer: (country: string) => `importer is required for goods made in ${country}`,
} as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A declaration missing: the product's own (no `sku`) or one variant's. */
export interface MissingDeclaration {
  field: DeclarationField;
  /** The variant's SKU when only some variants miss it. */
  sku?: string;
  message: string;
}

/** What the check reads of a product (the product JSON, or a form about to be saved). */
export interface DeclarationSubject {
  countryOfOrigin: string;
  declarations?: Declarations;
  dimensionsCm?: DimensionsLbh;
  /** [] or absent: a product without options. */
  options?: readonly unknown[];
  variants?: readonly {
    sku: string;
    declarations?: Declarations;
    dimensionsCm?: { length: number; width: number; height: number };
  }[];
}

/** The declarations that apply to one variant: each of its own, else the product's. */
export interface EffectiveDeclarations {
  genericName?: string;
  netQuantity?: NetQuantity;
  manufacturer?: NameAndAddress;
  packer?: NameAndAddress;
  importer?: NameAndAddress;
  dimensionsCm?: DimensionsLbh;
  countryOfOrigin: string;
}

const filled = (text: string | undefined) => (text ?? '').trim() !== '';
const filledParty = (p: NameAndAddress | undefined): p is NameAndAddress => !!p && filled(p.name) && filled(p.address);
const filledQuantity = (q: NetQuantity | undefined): q is NetQuantity =>
  !!q && Number.isInteger(q.value) && q.value >= 1 && (NET_QUANTITY_UNITS as readonly string[]).includes(q.unit);
const filledDims = (d: DimensionsLbh | undefined): d is DimensionsLbh =>
  !!d && [d.l, d.b, d.h].every((n) => Number.isFinite(n) && n > 0 && n <= DIMENSION_MAX_CM);

/** A variant's `{ length, width, height }` as L × B × H. */
export const lbhOf = (d: { length: number; width: number; height: number }): DimensionsLbh => ({ l: d.length, b: d.width, h: d.height });

export function effectiveDeclarations(
  product: Pick<DeclarationSubject, 'countryOfOrigin' | 'declarations' | 'dimensionsCm'>,
  variant?: { declarations?: Declarations; dimensionsCm?: { length: number; width: number; height: number } },
): EffectiveDeclarations {
  const own = variant?.declarations ?? {};
  const base = product.declarations ?? {};
  const out: EffectiveDeclarations = { countryOfOrigin: product.countryOfOrigin };
  const genericName = own.genericName ?? base.genericName;
  const netQuantity = own.netQuantity ?? base.netQuantity;
  const manufacturer = own.manufacturer ?? base.manufacturer;
  const packer = own.packer ?? base.packer;
  const importer = own.importer ?? base.importer;
  if (genericName !== undefined) out.genericName = genericName;
  if (netQuantity) out.netQuantity = netQuantity;
  if (manufacturer) out.manufacturer = manufacturer;
  if (packer) out.packer = packer;
  if (importer) out.importer = importer;
  const dims = variant?.dimensionsCm ? lbhOf(variant.dimensionsCm) : product.dimensionsCm;
  if (dims) out.dimensionsCm = dims;
  return out;
}

/** The fields one set of effective declarations misses, in the order of DECLARATION_FIELDS. */
function missingOf(d: EffectiveDeclarations): { field: DeclarationField; message: string }[] {
  const out: { field: DeclarationField; message: string }[] = [];
  if (!filled(d.genericName)) out.push({ field: 'genericName', message: DECLARATION_MESSAGES.genericName });
  if (!filledQuantity(d.netQuantity)) out.push({ field: 'netQuantity', message: DECLARATION_MESSAGES.netQuantity });
  if (!filledParty(d.manufacturer)) out.push({ field: 'manufacturer', message: DECLARATION_MESSAGES.manufacturer });
  if (!filledDims(d.dimensionsCm)) out.push({ field: 'dimensionsCm', message: DECLARATION_MESSAGES.dimensionsCm });
  if (!isIndia(d.countryOfOrigin) && !filledParty(d.importer))
    out.push({ field: 'importer', message: DECLARATION_MESSAGES.importer(d.countryOfOrigin.trim()) });
  return out;
}

/**
 * What stops the product from being published: a field every variant misses is named once
 * ("Importer is required for goods made in China"); one only some variants miss, per variant
 * ("Variant CAB-NVY: importer is required for goods made in China"). [] = complete.
 */
export function missingDeclarations(product: DeclarationSubject): MissingDeclaration[] {
  const variants = product.options && product.options.length > 0 ? (product.variants ?? []) : [];
  if (variants.length === 0) {
    return missingOf(effectiveDeclarations(product, product.variants?.[0])).map((m) => ({ ...m, message: capitalised(m.message) }));
  }
  const perVariant = variants.map((v) => ({ sku: v.sku, missing: missingOf(effectiveDeclarations(product, v)) }));
  const out: MissingDeclaration[] = [];
  for (const field of DECLARATION_FIELDS) {
    const missing = perVariant.filter((v) => v.missing.some((m) => m.field === field));
    if (missing.length === 0) continue;
    if (missing.length === perVariant.length) {
      const message = missing[0]?.missing.find((m) => m.field === field)?.message ?? '';
      out.push({ field, message: capitalised(message) });
      continue;
    }
    for (const v of missing) {
      const message = v.missing.find((m) => m.field === field)?.message ?? '';
      out.push({ field, sku: v.sku, message: `Variant ${v.sku}: ${message}` });
    }
  }
  return out;
}

/** The message of a refused publish: every missing declaration, one after the other. */
export const PUBLISH_REFUSED = 'This product cannot be published until its declarations are complete';
export const PUBLISHED_LOSES_FIELD = 'A published product cannot lose a declaration the law requires: unpublish it first';
export const PUBLISHED_MESSAGE = 'Published must be true or false';

/** Fields complete before an edit and missing after it (a published product may not lose them). */
export function lostDeclarations(before: DeclarationSubject, after: DeclarationSubject): MissingDeclaration[] {
  const had = new Set(missingDeclarations(before).map((m) => m.message));
  return missingDeclarations(after).filter((m) => !had.has(m.message));
}

/** '1 N', 'Set of 3'. */
export function netQuantityLabel(q: NetQuantity): string {
  return q.unit === 'set' ? `Set of ${q.value}` : `${q.value} N`;
}

/** '55 × 38 × 22 cm' (L × B × H). */
export function dimensionsLabel(d: DimensionsLbh): string {
  return `${d.l} × ${d.b} × ${d.h} cm`;
}

/** `settings/seller`'s consumer-care block; the seller's own name, address, phone and email when never set. */
export interface ConsumerCare {
  name: string;
  address: string;
  phone: string;
  email: string;
}
