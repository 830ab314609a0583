import type { Declarations } from './declarations.js';
/**
 * Sizes and colours: a product's options and the variants it sells (docs/variants.md,
 * docs/decisions/0026-product-variants.md). Plain functions without zod, so the pages that
 * show a product do not pay for it; the admin's JSON is read in schemas/variants.ts.
 */
import { salePrice } from './money.js';
import type { ProductImage } from './types.js';

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_VARIANTS = 100;
export const OPTION_NAME_MAX = 30;
export const OPTION_VALUE_MAX = 40;
export const SKU_MAX = 40;
/** 1–40 of A-Z, 0-9 and '-'. */
export const SKU_PATTERN = /^[A-Z0-9-]{1,40}$/;
/** The two option names the shop knows (the swatches, the size buttons, the filters). */
export const SIZE_OPTION = 'Size';
export const COLOUR_OPTION = 'Colour';

export interface ProductOption {
  name: string;
  values: string[];
}

export interface VariantDimensions {
  length: number;
  width: number;
  height: number;
}

export interface ProductVariant {
  /** Stable across edits. A product without options has one variant whose id is the product's. */
  _id: string;
  sku: string;
  /** Option name → value; `{}` for the one variant of a product without options. */
  options: Record<string, string>;
  price: number;
  /** Rupees off the price (not a percent). */
  discount: number;
  stock: number;
  /** The variant's pictures (a subset of the product's gallery), else the product's. */
  images: ProductImage[];
  weightGrams?: number;
  dimensionsCm?: VariantDimensions;
  /** Capacity in litres, shown on the size buttons when given. */
  capacityLitres?: number;
  /** This variant's Legal Metrology declarations, each overriding the product's (docs/legal-metrology.md). */
  declarations?: Declarations;
}

export const VARIANT_MESSAGES = {
  tooManyOptions: `A product can have at most ${MAX_OPTIONS} options`,
  tooManyValues: (name: string) => `${name} can have at most ${MAX_OPTION_VALUES} values`,
  noValues: (name: string) => `${name} needs at least one value`,
  optionName: `Option names must be 1–${OPTION_NAME_MAX} characters`,
  optionValue: `Option values must be 1–${OPTION_VALUE_MAX} characters`,
  duplicateOption: (name: string) => `The option ${name} is listed twice`,
  duplicateValue: (name: string, value: string) => `${name} lists ${value} twice`,
  tooManyVariants: `A product can have at most ${MAX_VARIANTS} variants`,
  noVariants: 'A product needs at least one variant',
  oneWithoutOptions: 'A product without options has exactly one variant',
  sku: `SKU must be 1–${SKU_MAX} characters: capital letters A–Z, digits 0–9 and '-'`,
  duplicateSku: (sku: string) => `SKU ${sku} is used by two variants`,
  duplicateCombination: (label: string) => `Two variants are ${label}`,
  missingOption: (name: string) => `Every variant needs a ${name}`,
  unknownOption: (name: string) => `${name} is not an option of this product`,
  unknownValue: (name: string, value: string) => `${value} is not a value of ${name}`,
  duplicateId: (id: string) => `Variant ${id} is listed twice`,
} as const;

/** The 409 when another product (or another variant) already has the SKU. */
export const skuTakenMessage = (sku: string, productName: string) => `SKU ${sku} is already used by ${productName}`;

/** The SKU a variant gets when the admin gives none: 'BS-' and its id in capitals (the same format as a typed one). */
export function generatedSku(variantId: string): string {
  return `BS-${variantId.toUpperCase().replace(/[^A-Z0-9-]/g, '-')}`.slice(0, SKU_MAX);
}

/** A typed SKU as stored: trimmed and in capitals. */
export const normaliseSku = (sku: string): string => sku.trim().toUpperCase();

/** The variant with the lowest sale price (the first of equals): the product's "from" price. */
export function fromVariant<V extends Pick<ProductVariant, 'price' | 'discount'>>(variants: readonly V[]): V | undefined {
  let best: V | undefined;
  for (const v of variants) if (!best || salePrice(v.price, v.discount) < salePrice(best.price, best.discount)) best = v;
  return best;
}

/** The product's stock: the sum of its variants'. */
export const totalStock = (variants: readonly Pick<ProductVariant, 'stock'>[]): number =>
  variants.reduce((sum, v) => sum + Math.max(0, v.stock), 0);

/** True when the variants' sale prices differ: cards then say "From ₹X". */
export function pricesDiffer(variants: readonly Pick<ProductVariant, 'price' | 'discount'>[]): boolean {
  return new Set(variants.map((v) => salePrice(v.price, v.discount))).size > 1;
}

/** "Choose a Size and Colour": the 400 for a product with several variants and no variantId. */
export function chooseVariantMessage(options: readonly Pick<ProductOption, 'name'>[]): string {
  const names = options.map((o) => o.name);
  if (names.length === 0) return 'Choose a variant';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Choose a ${list}`;
}

/** A value as the shopper reads it: a Size with its dimensions, 'Cabin (55 cm)'. */
export function optionValueLabel(name: string, value: string, variant?: Pick<ProductVariant, 'dimensionsCm'>): string {
  if (name === SIZE_OPTION && variant?.dimensionsCm?.height) return `${value} (${variant.dimensionsCm.height} cm)`;
  return value;
}

/**
 * "Size: Cabin (55 cm), Colour: Navy": the variant's options in the product's order (a
 * Firestore map keeps no order); '' for the one variant of a product without options.
 */
export function variantLabel(
  options: readonly Pick<ProductOption, 'name'>[],
  variant: Pick<ProductVariant, 'options' | 'dimensionsCm'>,
): string {
  const names = options.length ? options.map((o) => o.name) : Object.keys(variant.options).sort();
  return names
    .filter((name) => Object.hasOwn(variant.options, name))
    .map((name) => `${name}: ${optionValueLabel(name, variant.options[name] ?? '', variant)}`)
    .join(', ');
}

/** "Voyager Hardshell Trolley — Size: Cabin (55 cm), Colour: Navy"; the plain name without options. */
export function nameWithVariant(name: string, label: string | undefined): string {
  return label ? `${name} — ${label}` : name;
}

/**
 * An order line as invoices, credit notes and mails print it: the name with the variant and,
 * beside it, the SKU: "Voyager Hardshell Trolley — Size: Cabin (55 cm), Colour: Navy (SKU VOY-CAB-NVY)".
 * A product without options prints its name alone, as before variants.
 */
export function lineDescription(line: { name?: unknown; variantLabel?: unknown; sku?: unknown }): string {
  const name = typeof line.name === 'string' ? line.name.trim() : '';
  const label = typeof line.variantLabel === 'string' ? line.variantLabel : '';
  if (!label) return name;
  const sku = typeof line.sku === 'string' && line.sku ? ` (SKU ${line.sku})` : '';
  return `${nameWithVariant(name, label)}${sku}`;
}

/** The key of a combination, the same whatever the order of its options. */
export function combinationKey(options: Readonly<Record<string, string>>): string {
  return Object.keys(options)
    .sort()
    .map((k) => `${k.toLowerCase()}=${(options[k] ?? '').toLowerCase()}`)
    .join('|');
}

/** The variant with exactly these options, if sold. */
export function findVariant<V extends Pick<ProductVariant, 'options'>>(
  variants: readonly V[],
  options: Readonly<Record<string, string>>,
): V | undefined {
  const key = combinationKey(options);
  return variants.find((v) => combinationKey(v.options) === key);
}

/** What validateVariants checks of a variant: its options and SKU. */
export type VariantShape = Pick<ProductVariant, 'options' | 'sku'> & { _id?: string };

/**
 * The problems of a product's options and variants together, first one first (an empty list
 * when they are fine): the limits, names and values unique (case-insensitive), each variant
 * naming every option with one of its values and nothing else, no combination twice, SKUs
 * unique within the product; without options exactly one variant with `options: {}`.
 */
export function validateVariants(options: readonly ProductOption[], variants: readonly VariantShape[]): string[] {
  const problems: string[] = [];
  if (options.length > MAX_OPTIONS) problems.push(VARIANT_MESSAGES.tooManyOptions);
  const names = new Set<string>();
  for (const option of options) {
    const key = option.name.trim().toLowerCase();
    if (key === '' || option.name.length > OPTION_NAME_MAX) problems.push(VARIANT_MESSAGES.optionName);
    if (names.has(key)) problems.push(VARIANT_MESSAGES.duplicateOption(option.name));
    names.add(key);
    if (option.values.length === 0) problems.push(VARIANT_MESSAGES.noValues(option.name));
    if (option.values.length > MAX_OPTION_VALUES) problems.push(VARIANT_MESSAGES.tooManyValues(option.name));
    const values = new Set<string>();
    for (const value of option.values) {
      const v = value.trim().toLowerCase();
      if (v === '' || value.length > OPTION_VALUE_MAX) problems.push(VARIANT_MESSAGES.optionValue);
      if (values.has(v)) problems.push(VARIANT_MESSAGES.duplicateValue(option.name, value));
      values.add(v);
    }
  }
  if (variants.length === 0) problems.push(VARIANT_MESSAGES.noVariants);
  if (variants.length > MAX_VARIANTS) problems.push(VARIANT_MESSAGES.tooManyVariants);
  if (options.length === 0 && variants.length > 1) problems.push(VARIANT_MESSAGES.oneWithoutOptions);
  const skus = new Set<string>();
  const combos = new Set<string>();
  const ids = new Set<string>();
  for (const variant of variants) {
    if (variant._id !== undefined) {
      if (ids.has(variant._id)) problems.push(VARIANT_MESSAGES.duplicateId(variant._id));
      ids.add(variant._id);
    }
    if (variant.sku !== '') {
      if (!SKU_PATTERN.test(variant.sku)) problems.push(VARIANT_MESSAGES.sku);
      if (skus.has(variant.sku)) problems.push(VARIANT_MESSAGES.duplicateSku(variant.sku));
      skus.add(variant.sku);
    }
    for (const name of Object.keys(variant.options)) {
      const option = options.find((o) => o.name === name);
      if (!option) problems.push(VARIANT_MESSAGES.unknownOption(name));
      else if (!option.values.includes(variant.options[name] ?? '')) {
        problems.push(VARIANT_MESSAGES.unknownValue(name, variant.options[name] ?? ''));
      }
    }
    for (const option of options) {
      if (!Object.hasOwn(variant.options, option.name)) problems.push(VARIANT_MESSAGES.missingOption(option.name));
    }
    const key = combinationKey(variant.options);
    if (combos.has(key)) problems.push(VARIANT_MESSAGES.duplicateCombination(variantLabel(options, variant) || 'the same'));
    combos.add(key);
  }
  return [...new Set(problems)];
}

/** Every combination of the options' values, in the options' order (the admin's "generate rows"). */
export function allCombinations(options: readonly ProductOption[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const option of options) {
    out = out.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value })));
  }
  return options.length ? out : [];
}

/** The values of one option (by name, case-insensitive) among the variants, e.g. every Colour sold. */
export function optionValues(options: readonly ProductOption[], name: string): string[] {
  return options.find((o) => o.name.toLowerCase() === name.toLowerCase())?.values ?? [];
}

/** The value a variant has for an option named (case-insensitively) `name`. */
export function variantValue(variant: Pick<ProductVariant, 'options'>, name: string): string | undefined {
  const key = Object.keys(variant.options).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : variant.options[key];
}

/** The variant's pictures, else the product's. */
export function variantImages(variant: Pick<ProductVariant, 'images'> | undefined, productImages: readonly ProductImage[]): ProductImage[] {
  return variant && variant.images.length ? variant.images : [...productImages];
}
