/**
 * The warranty's terms as data (issue 40, docs/warranty.md): seller settings `warranty`, one entry
 * per category, and a product's own `warrantyYears`. Every surface that names the warranty (the
 * home page, the product page, /warranty, the invoice, the registration) words it from here.
 */
import { CATEGORIES, CATEGORY_LABELS, type Category } from '../categories.js';

/** A whole number of years, or 'lifetime' (see `lifetimeMeans`). */
export type WarrantyYears = number | 'lifetime';

export interface WarrantyCategoryTerms {
  years: WarrantyYears;
  /** What the warranty covers, as short phrases ('shell', 'wheels'). */
  covers: string[];
  /** What it does not cover. */
  excludes: string[];
}

export interface WarrantyTerms {
  categories: Record<Category, WarrantyCategoryTerms>;
  /** What "lifetime" means, in the seller's words (shown on /warranty). */
  lifetimeMeans: string;
  /** How many years a 'lifetime' warranty document runs from delivery (default 10). */
  lifetimeYears: number;
}

export const WARRANTY_MAX_YEARS = 25;
export const DEFAULT_LIFETIME_YEARS = 10;

const COMMON_EXCLUDES = [
  'damage in transit by an airline, train or bus operator',
  'scuffs, scratches and fading from normal wear',
  'accidents, misuse and repairs by others',
];

/** Issue 40's defaults: lifetime on hard-shell luggage's shell, wheels and handles, 3 years on backpacks and duffles (soft luggage: `warrantyYears: 5` on the product). */
export const DEFAULT_WARRANTY_TERMS: WarrantyTerms = {
  categories: {
    luggage: { years: 'lifetime', covers: ['shell', 'wheels', 'handles'], excludes: COMMON_EXCLUDES },
    backpacks: { years: 3, covers: ['zips', 'stitching', 'straps', 'buckles'], excludes: COMMON_EXCLUDES },
    duffles: { years: 3, covers: ['zips', 'stitching', 'handles', 'wheels'], excludes: COMMON_EXCLUDES },
  },
  lifetimeMeans: 'Lifetime means the life of the product while we still make it, and at least 10 years after the sale.',
  lifetimeYears: DEFAULT_LIFETIME_YEARS,
};

/** The term of one product: its category's, with the product's own `warrantyYears` instead when set. */
export function warrantyTermFor(terms: WarrantyTerms, category: Category, warrantyYears?: WarrantyYears | null): WarrantyCategoryTerms {
  const base = terms.categories[category];
  return warrantyYears === undefined || warrantyYears === null ? base : { ...base, years: warrantyYears };
}

/** 'shell, wheels and handles'. */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** 'Lifetime' / '5 years' / '1 year'. */
export function yearsText(years: WarrantyYears): string {
  if (years === 'lifetime') return 'Lifetime';
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** The product page's "Warranty: …" and the invoice's line: 'Lifetime warranty on the shell, wheels and handles', '3-year warranty on zips, …'. */
export function warrantyLabel(term: WarrantyCategoryTerms): string {
  if (term.years === 0) return 'No warranty';
  const head = term.years === 'lifetime' ? 'Lifetime warranty' : `${term.years}-year warranty`;
  return term.covers.length > 0 ? `${head} on ${listText(term.covers)}` : head;
}

/** The home page's headline: 'Lifetime warranty' when any category has one, else the longest ('5-year warranty'); null when none. */
export function warrantyHeadline(terms: WarrantyTerms): string | null {
  const all = CATEGORIES.map((c) => terms.categories[c].years);
  if (all.includes('lifetime')) return 'Lifetime warranty';
  const longest = Math.max(...all.map((y) => (typeof y === 'number' ? y : 0)));
  return longest > 0 ? `${longest}-year warranty` : null;
}

/**
 * The home page's claim: 'Lifetime warranty on luggage (shell, wheels and handles), 3 years on
 * backpacks and duffles'. Categories with the same years are named together.
 */
export function warrantyClaim(terms: WarrantyTerms): string {
  const groups: { years: WarrantyYears; categories: Category[] }[] = [];
  for (const c of CATEGORIES) {
    const years = terms.categories[c].years;
    if (years === 0) continue;
    const group = groups.find((g) => g.years === years);
    if (group) group.categories.push(c);
    else groups.push({ years, categories: [c] });
  }
  const parts = groups.map((g, i) => {
    const names = listText(g.categories.map((c) => CATEGORY_LABELS[c].toLowerCase()));
    const covers = g.categories.length === 1 ? terms.categories[g.categories[0] as Category].covers : [];
    const scope = covers.length > 0 ? `${names} (${listText(covers)})` : names;
    const years = g.years === 'lifetime' ? 'lifetime' : yearsText(g.years);
    if (i > 0) return `${years} on ${scope}`;
    return `${g.years === 'lifetime' ? 'Lifetime' : `${g.years}-year`} warranty on ${scope}`;
  });
  return parts.length > 0 ? parts.join(', ') : 'No warranty';
}

/** The years a warranty document runs: 'lifetime' counts `lifetimeYears`. */
export function warrantyRunYears(terms: WarrantyTerms, years: WarrantyYears): number {
  return years === 'lifetime' ? terms.lifetimeYears : years;
}

/** The end of a warranty that starts at delivery (same calendar day, `years` later, in UTC). */
export function warrantyEnd(start: Date, runYears: number): Date {
  const end = new Date(start.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + runYears);
  return end;
}

/** One category's lines on /warranty: 'Luggage: lifetime on the shell, wheels and handles'. */
export function warrantyCategoryLine(category: Category, term: WarrantyCategoryTerms): string {
  if (term.years === 0) return `${CATEGORY_LABELS[category]}: no warranty`;
  const years = term.years === 'lifetime' ? 'lifetime' : yearsText(term.years);
  return `${CATEGORY_LABELS[category]}: ${years}${term.covers.length > 0 ? ` on ${listText(term.covers)}` : ''}`;
}

/** What every category leaves out, each phrase once, in order. */
export function warrantyExcludes(terms: WarrantyTerms): string[] {
  const out: string[] = [];
  for (const c of CATEGORIES) for (const e of terms.categories[c].excludes) if (!out.includes(e)) out.push(e);
  return out;
}

/** The /warranty page, generated from the terms (docs/warranty.md). */
export interface WarrantyPageText {
  title: string;
  intro: string;
  covered: string[];
  notCovered: string[];
  lifetimeMeans: string | null;
  howToClaim: string[];
}

export function warrantyPageText(terms: WarrantyTerms): WarrantyPageText {
  const headline = warrantyHeadline(terms);
  const anyLifetime = CATEGORIES.some((c) => terms.categories[c].years === 'lifetime');
  return {
    title: headline ? headline.replace(/\bwarranty\b/, 'Warranty') : 'Warranty',
    intro: `Every bag is built for a 5-year lifespan of daily use. ${warrantyClaim(terms)}, against manufacturing faults, from the day it is delivered.`,
    covered: [
      ...CATEGORIES.map((c) => warrantyCategoryLine(c, terms.categories[c])),
      'A product page may name its own term ("Warranty: …"); that one applies to that product.',
      'We repair the bag, or replace it with the same or the nearest model in stock if it cannot be repaired.',
    ],
    notCovered: warrantyExcludes(terms).map((e) => `${e.charAt(0).toUpperCase()}${e.slice(1)}`),
    lifetimeMeans: anyLifetime ? terms.lifetimeMeans : null,
    howToClaim: [
      'Every bag delivered by us is registered for you on the day it is delivered: no form to fill.',
      'Open the order in My Orders (or Warranty claims), choose the bag, say what is wrong and add 1 to 4 photos.',
      'Once we approve the claim, our courier picks the bag up at our cost, and brings it back repaired or sends a replacement, free.',
    ],
  };
}
