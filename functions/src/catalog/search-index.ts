/**
 * The product search index (docs/search-and-seo.md): MiniSearch over name, category and
 * description, ranked with BM25; prefix matches for instant search; typo tolerance for words
 * of four letters or more; two words written apart also match written together ("back pack").
 * No Firestore here (search.ts feeds it the catalog), so tests and benchmarks use it as is.
 */
import { CATEGORY_LABELS, SEARCH_MAX_RESULTS, type Category, type Product } from '@bagshop/domain';
import MiniSearch, { type Query, type SearchOptions } from 'minisearch';

/** Words shoppers use for each category, indexed with the category's products. */
const CATEGORY_WORDS: Record<Category, string> = {
  luggage: 'luggage suitcase trolley case',
  backpacks: 'backpack rucksack daypack',
  duffles: 'duffle holdall',
};

/** Every product here is a bag: the word may be typed ("gym bag") but must not decide the order. */
const WEAK_TERMS: Record<string, number> = { bag: 0.1 };

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'for', 'with', 'of', 'in', 'to', 'on', 'or', 'by', 'at', 'is', 'it']);

/**
 * Spellings that are the same word (US/UK, and the two spellings of duffle): one form in the
 * index and the query. Typo tolerance alone misses these: 'duffel' is two edits from 'duffle'.
 */
const SPELLINGS: Record<string, string> = {
  duffel: 'duffle',
  aluminum: 'aluminium',
  color: 'colour',
  gray: 'grey',
};

/** Splits on anything that is not a letter or digit, and between letters and digits ('40L' → '40', 'L'). */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+|(?<=\p{N})(?=\p{L})|(?<=\p{L})(?=\p{N})/u)
    .filter((t) => t !== '');
}

/** Lower case, a plural made singular ('trolleys' → 'trolley', 'boxes' → 'box'); stop words and lone letters dropped. */
export function processTerm(term: string): string | null {
  let t = term.toLowerCase().replace(/['’]s$/, '');
  if (t.length < 2 && !/\d/.test(t)) return null;
  if (STOP_WORDS.has(t)) return null;
  if (t.length > 4 && /ies$/.test(t)) t = `${t.slice(0, -3)}y`;
  else if (t.length > 4 && /(?:x|ch|sh|ss)es$/.test(t)) t = t.slice(0, -2);
  else if (t.length > 3 && /[^su]s$/.test(t)) t = t.slice(0, -1);
  return SPELLINGS[t] ?? t;
}

const SEARCH_OPTIONS: SearchOptions = {
  boost: { name: 4, options: 3, category: 2, description: 1 },
  prefix: (term) => term.length >= 2,
  fuzzy: (term) => (term.length >= 4 && !/\d/.test(term) ? 0.2 : false),
  combineWith: 'OR',
  boostTerm: (term) => WEAK_TERMS[term] ?? 1,
};

interface IndexedProduct {
  id: string;
  name: string;
  category: string;
  description: string;
  /** The values of its variants' options ("Navy Graphite Cabin Large"), docs/variants.md. */
  options: string;
}

type Indexable = Pick<Product, '_id' | 'name' | 'category' | 'description'> & Pick<Partial<Product>, 'options'>;

/** Every option value of a product, once. */
export const optionText = (p: Indexable): string => [...new Set((p.options ?? []).flatMap((o) => o.values))].join(' ');

export class ProductIndex {
  private readonly search: MiniSearch<IndexedProduct>;

  constructor(products: readonly Indexable[]) {
    this.search = new MiniSearch<IndexedProduct>({
      fields: ['name', 'category', 'description', 'options'],
      tokenize,
      processTerm,
      searchOptions: SEARCH_OPTIONS,
    });
    this.search.addAll(
      products.map((p) => ({
        id: p._id,
        name: p.name,
        category: `${CATEGORY_LABELS[p.category] ?? ''} ${CATEGORY_WORDS[p.category] ?? ''}`,
        description: p.description,
        options: optionText(p),
      })),
    );
  }

  /**
   * Product ids, best match first. A product with every word of the query ranks above one
   * with some of them (the AND query's score is added to the OR query's); adjacent words are
   * also tried written together.
   */
  ids(text: string, limit = SEARCH_MAX_RESULTS): string[] {
    const words = tokenize(text);
    if (words.length === 0) return [];
    const queries: Query[] = [text, { queries: [text], combineWith: 'AND' }];
    for (let i = 0; i + 1 < words.length; i += 1) queries.push(`${words[i]}${words[i + 1]}`);
    return this.search
      .search({ queries, combineWith: 'OR' })
      .slice(0, limit)
      .map((r) => String(r.id));
  }
}
