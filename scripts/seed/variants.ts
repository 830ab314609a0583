/**
 * Sizes and colours of the demo catalog (docs/variants.md): every luggage product in
 * Cabin / Medium / Large at rising prices, most in 2–4 colours; backpacks in colours; duffles
 * in sizes; the Heritage Leather Holdall without options (one variant, the product's id).
 * The cheapest variant keeps the catalog's price and discount (so the "from" price is the
 * one the spec's screens and tests know), the variants' stock adds up to the catalog's stock,
 * and the Voyager cabin trolley in Red is sold out.
 */
import type { ProductOption } from '@bagshop/domain';
import type { DemoProduct } from './catalog.ts';

export interface DemoVariant {
  _id: string;
  sku: string;
  options: Record<string, string>;
  price: number;
  discount: number;
  stock: number;
  /** Gallery positions of the variant's pictures. */
  imageIndexes: number[];
  dimensionsCm?: { length: number; width: number; height: number };
  capacityLitres?: number;
}

const COLOURS = ['Navy', 'Graphite', 'Teal', 'Red', 'Olive', 'Sand'];
interface DemoSize {
  name: string;
  factor: number;
  litres: number;
  dims?: { length: number; width: number; height: number };
}
const LUGGAGE_SIZES: DemoSize[] = [
  { name: 'Cabin', factor: 1, dims: { length: 38, width: 22, height: 55 }, litres: 38 },
  { name: 'Medium', factor: 1.3, dims: { length: 44, width: 27, height: 65 }, litres: 72 },
  { name: 'Large', factor: 1.6, dims: { length: 50, width: 31, height: 75 }, litres: 110 },
];
const DUFFLE_SIZES: DemoSize[] = [
  { name: 'Small', factor: 1, litres: 40 },
  { name: 'Medium', factor: 1.2, litres: 60 },
  { name: 'Large', factor: 1.45, litres: 90 },
];
/** The one demo product without options. */
export const NO_OPTIONS_SLUG = 'heritage-leather-holdall';

const code = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 3)
    .toUpperCase();
/** Prices end in 99, as the catalog's do. */
const price99 = (rupees: number) => Math.max(99, Math.round(rupees / 100) * 100 - 1);

/** Spreads `total` over `n` variants (the first ones get the remainder). */
function spread(total: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}

export function demoVariants(p: DemoProduct, index: number): { options: ProductOption[]; variants: DemoVariant[] } {
  const base = (p.slug.split('-').map(code).join('').slice(0, 8) || 'BAG') + String(index).padStart(2, '0');
  if (p.slug === NO_OPTIONS_SLUG) {
    return {
      options: [],
      variants: [{ _id: p.slug, sku: `${base}`, options: {}, price: p.price, discount: p.discount, stock: p.stock, imageIndexes: [] }],
    };
  }
  const colourCount = p.category === 'duffles' ? 0 : index % 4 === 3 && p.category === 'luggage' ? 0 : 2 + (index % 3);
  const colours = Array.from({ length: colourCount }, (_, i) => COLOURS[(index + i) % COLOURS.length] as string);
  if (p.slug === 'voyager-hardshell-cabin-trolley-55-cm') colours.splice(0, colours.length, 'Navy', 'Graphite', 'Red');
  const sizes = p.category === 'luggage' ? LUGGAGE_SIZES : p.category === 'duffles' ? DUFFLE_SIZES : [];
  const options: ProductOption[] = [];
  if (sizes.length) options.push({ name: 'Size', values: sizes.map((s) => s.name) });
  if (colours.length) options.push({ name: 'Colour', values: colours });

  const combos: { size?: DemoSize; colour?: string; colourIndex: number }[] = [];
  for (const size of sizes.length ? sizes : [undefined]) {
    for (const [colourIndex, colour] of (colours.length ? colours : [undefined]).entries()) combos.push({ size, colour, colourIndex });
  }
  const stocks = spread(p.stock, combos.length);
  const variants = combos.map((c, i): DemoVariant => {
    const opts: Record<string, string> = {};
    if (c.size) opts.Size = c.size.name;
    if (c.colour) opts.Colour = c.colour;
    const factor = c.size?.factor ?? 1;
    const price = factor === 1 ? p.price : price99(p.price * factor);
    const discount = factor === 1 ? p.discount : Math.min(price - 1, Math.round((p.discount * factor) / 10) * 10);
    const id = [p.slug, c.size?.name.toLowerCase(), c.colour?.toLowerCase()].filter(Boolean).join('--');
    const sku = [base, c.size ? code(c.size.name) : null, c.colour ? code(c.colour) : null].filter(Boolean).join('-');
    const soldOut = p.slug === 'voyager-hardshell-cabin-trolley-55-cm' && c.size?.name === 'Cabin' && c.colour === 'Red';
    const v: DemoVariant = {
      _id: id,
      sku,
      options: opts,
      price,
      discount,
      stock: soldOut ? 0 : (stocks[i] ?? 0),
      // The front view for the first colour, the side view for the second, and so on (the demo's three pictures).
      imageIndexes: c.colour ? [c.colourIndex % 3] : [],
    };
    if (c.size?.dims) v.dimensionsCm = c.size.dims;
    if (c.size) v.capacityLitres = c.size.litres;
    return v;
  });
  // The sold-out variant's units go to the first variant, so the product's total stays the catalog's.
  const lost = combos.reduce((sum, _c, i) => sum + ((stocks[i] ?? 0) - (variants[i]?.stock ?? 0)), 0);
  if (lost > 0 && variants[0]) variants[0].stock += lost;
  return { options, variants };
}
