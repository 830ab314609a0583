/**
 * Product search (docs/search-and-seo.md): the in-memory index (search-index.ts) built from
 * the same product list the catalog routes read (`catalogList`, kept per catalogue version:
 * docs/decisions/0031-reads-follow-changes.md), and rebuilt only when that list's indexed content changed.
 */
import { variantValue, type Product } from '@bagshop/domain';
import { catalogList } from './catalog.js';
import { optionText, processTerm, ProductIndex, tokenize } from './search-index.js';

/**
 * What an index was built from: the indexed text of each product, cheap to compare. Not
 * `updatedAt`, which a sale moves (it includes the variants' stock): a sale never rebuilds the index.
 * The whole description, not its length: an edit that keeps the length changes what matches.
 */
function signature(products: readonly Product[]): string {
  return products.map((p) => `${p._id}\u0001${p.name}\u0001${p.description}\u0001${p.category}\u0001${optionText(p)}`).join('\u0002');
}

/** A hit whose query names one of its colours shows that colour's picture ("navy trolley" → the Navy variant's). */
function withMatchingPicture(product: Product, terms: ReadonlySet<string>): Product {
  for (const v of product.variants ?? []) {
    const colour = variantValue(v, 'Colour');
    const image = v.images[0];
    if (!colour || !image) continue;
    if (tokenize(colour).every((t) => terms.has(processTerm(t) ?? ''))) return { ...product, image };
  }
  return product;
}

let current: { signature: string; index: ProductIndex } | null = null;
/** The catalogue version the index was last checked against: the signature is only compared when the version moves. */
let checkedVersion = -1;
const lookups = new WeakMap<readonly Product[], Map<string, Product>>();
let builds = 0;

/**
 * The index for this catalogue version: rebuilt only when the version moved and the indexed
 * text (names, descriptions, categories, option values) changed with it. A sale changes neither.
 */
function indexFor(version: number, products: readonly Product[]): { index: ProductIndex; byId: Map<string, Product> } {
  if (!current || version !== checkedVersion) {
    const sig = signature(products);
    if (!current || current.signature !== sig) {
      current = { signature: sig, index: new ProductIndex(products) };
      builds += 1;
    }
    checkedVersion = version;
  }
  let byId = lookups.get(products);
  if (!byId) {
    byId = new Map(products.map((p) => [p._id, p]));
    lookups.set(products, byId);
  }
  return { index: current.index, byId };
}

/** How many times this instance has built the index (for tests and logs). */
export const indexBuilds = () => builds;

/** The catalog's products matching `text`, best first, at most 50. */
export async function searchProducts(text: string): Promise<Product[]> {
  const { version, products } = await catalogList();
  const { index, byId } = indexFor(version, products);
  const terms = new Set(tokenize(text).map((t) => processTerm(t) ?? ''));
  return index.ids(text).flatMap((id) => {
    const p = byId.get(id);
    // Drafts are for admins only (docs/legal-metrology.md).
    return p && p.published !== false ? [withMatchingPicture(p, terms)] : [];
  });
}
