/**
 * The Legal Metrology declarations of `products/{id}` and of its variants (docs/legal-metrology.md).
 * A missing block reads as absent (the product is then incomplete, never invented); a unit other
 * than 'N' or 'set' reads as 'N'.
 */
import { NET_QUANTITY_UNITS, type Declarations, type DimensionsLbh, type NameAndAddress } from '../declarations.js';
import { Fields } from './plain.js';

function partyOf(d: Fields, key: string): NameAndAddress | undefined {
  const p = d.objectOrNull(key);
  return p ? { name: p.text('name'), address: p.text('address') } : undefined;
}

/** `declarations` of a product or a variant; undefined when absent or empty. */
export function declarationsFromData(d: Fields): Declarations | undefined {
  const raw = d.objectOrNull('declarations');
  if (!raw) return undefined;
  const out: Declarations = {};
  const genericName = raw.text('genericName');
  if (genericName) out.genericName = genericName;
  const q = raw.objectOrNull('netQuantity');
  if (q) out.netQuantity = { value: q.number('value'), unit: q.oneOf('unit', NET_QUANTITY_UNITS, 'N') };
  for (const key of ['manufacturer', 'packer', 'importer'] as const) {
    const party = partyOf(raw, key);
    if (party) out[key] = party;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A product's `dimensionsCm { l, b, h }`; undefined when absent. */
export function dimensionsLbhFromData(d: Fields): DimensionsLbh | undefined {
  const dims = d.objectOrNull('dimensionsCm');
  return dims ? { l: dims.number('l'), b: dims.number('b'), h: dims.number('h') } : undefined;
}

/**
 * `published`: stored true or false by every write since docs/legal-metrology.md; a document from
 * before (no field) stays listed until `npm run migrate:declarations` decides (decision 0035).
 */
export const publishedFromData = (d: Fields): boolean => d.boolean('published', true);
