/**
 * `warranties/{id}` (one delivered unit's warranty) and `warrantyClaims/{WAR-YYYY-NNNNN}`
 * (issue 40, docs/warranty.md), as the API answers them; and the seller's stored terms.
 */
import { CATEGORIES, type Category } from '../categories.js';
import { WARRANTY_CLAIM_STATUSES, WARRANTY_ISSUES, type WarrantyClaimStatus, type WarrantyIssue } from '../warranty/claims.js';
import { DEFAULT_WARRANTY_TERMS, type WarrantyCategoryTerms, type WarrantyTerms, type WarrantyYears } from '../warranty/terms.js';
import type { ProductImage } from '../types.js';
import { Fields } from './plain.js';

function yearsOf(value: unknown, fallback: WarrantyYears): WarrantyYears {
  if (value === 'lifetime') return 'lifetime';
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** The stored terms (settings/seller `warranty`); missing parts read as the defaults. */
export function warrantyTermsFromData(value: unknown): WarrantyTerms {
  if (value === undefined || value === null) return DEFAULT_WARRANTY_TERMS;
  const d = Fields.of(value, 'settings/seller.warranty');
  const cats = d.object('categories');
  const categories = Object.fromEntries(
    CATEGORIES.map((c): [Category, WarrantyCategoryTerms] => {
      const fallback = DEFAULT_WARRANTY_TERMS.categories[c];
      const t = cats.objectOrNull(c);
      if (!t) return [c, fallback];
      return [c, { years: yearsOf(t.raw('years'), fallback.years), covers: t.textList('covers'), excludes: t.textList('excludes') }];
    }),
  ) as Record<Category, WarrantyCategoryTerms>;
  return {
    categories,
    lifetimeMeans: d.text('lifetimeMeans', DEFAULT_WARRANTY_TERMS.lifetimeMeans) || DEFAULT_WARRANTY_TERMS.lifetimeMeans,
    lifetimeYears: d.number('lifetimeYears', DEFAULT_WARRANTY_TERMS.lifetimeYears),
  };
}

/** A product's own `warrantyYears`, or null (its category's). */
export function productWarrantyYearsOf(value: unknown): WarrantyYears | null {
  if (value === undefined || value === null) return null;
  return yearsOf(value, 0);
}

export interface WarrantyJson {
  _id: string;
  userId: string;
  /** 'order': delivered by us; 'elsewhere': registered by the shopper (later). */
  source: 'order' | 'elsewhere';
  orderId: string;
  productId: string;
  variantId: string;
  name: string;
  variantLabel: string;
  category: Category;
  /** Unit n of the line (1-based). */
  unit: number;
  years: WarrantyYears;
  /** 'Lifetime warranty on shell, wheels and handles'. */
  label: string;
  covers: string[];
  startsAt: string;
  endsAt: string;
  /** The open claim on this unit, if any. */
  openClaim: string | null;
  createdAt: string;
}

export function warrantyFromData(id: string, data: unknown): WarrantyJson {
  const d = Fields.of(data, `warranties/${id}`);
  return {
    _id: id,
    userId: d.text('userId'),
    source: d.oneOf('source', ['order', 'elsewhere'] as const, 'order'),
    orderId: d.text('orderId'),
    productId: d.text('productId'),
    variantId: d.text('variantId'),
    name: d.text('name'),
    variantLabel: d.text('variantLabel'),
    category: d.oneOf('category', CATEGORIES, 'luggage'),
    unit: d.number('unit', 1),
    years: yearsOf(d.raw('years'), 0),
    label: d.text('label'),
    covers: d.textList('covers'),
    startsAt: d.date('startsAt'),
    endsAt: d.date('endsAt'),
    openClaim: d.textOrNull('openClaim'),
    createdAt: d.date('createdAt'),
  };
}

export interface WarrantyClaimHistoryEntry {
  status: WarrantyClaimStatus;
  at: string;
  by: string;
  note: string;
}

export interface WarrantyParcel {
  courier: string;
  awb: string;
  provider: string;
}

export interface WarrantyClaimJson {
  /** 'WAR-2026-00001' */
  _id: string;
  warrantyId: string;
  userId: string;
  orderId: string;
  productId: string;
  variantId: string;
  name: string;
  variantLabel: string;
  issue: WarrantyIssue;
  description: string;
  photos: ProductImage[];
  status: WarrantyClaimStatus;
  /** Why it was rejected (the shopper sees it); '' otherwise. */
  rejectionReason: string;
  pickup: WarrantyParcel | null;
  /** The parcel back: the repaired bag, or the replacement. */
  returnParcel: (WarrantyParcel & { variantId: string; variantLabel: string }) | null;
  /** replaced: the new unit sent, a ₹0 line without an invoice. */
  replacement: { variantId: string; variantLabel: string; sku: string; name: string; quantity: number; pricePaise: number } | null;
  /** When the replacement's stock was taken (once). */
  stockTakenAt: string | null;
  history: WarrantyClaimHistoryEntry[];
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

function parcelOf(p: Fields | null): WarrantyParcel | null {
  return p ? { courier: p.text('courier'), awb: p.text('awb'), provider: p.text('provider') } : null;
}

export function warrantyClaimFromData(id: string, data: unknown): WarrantyClaimJson {
  const d = Fields.of(data, `warrantyClaims/${id}`);
  const back = d.objectOrNull('returnParcel');
  return {
    _id: id,
    warrantyId: d.text('warrantyId'),
    userId: d.text('userId'),
    orderId: d.text('orderId'),
    productId: d.text('productId'),
    variantId: d.text('variantId'),
    name: d.text('name'),
    variantLabel: d.text('variantLabel'),
    issue: d.oneOf('issue', WARRANTY_ISSUES, 'other'),
    description: d.text('description'),
    photos: d.list('photos', (v, p) => {
      const f = Fields.of(v, p);
      return { url: f.text('url'), hash: f.text('hash') };
    }),
    status: d.oneOf('status', WARRANTY_CLAIM_STATUSES, 'submitted'),
    rejectionReason: d.text('rejectionReason'),
    pickup: parcelOf(d.objectOrNull('pickup')),
    returnParcel: back
      ? { ...(parcelOf(back) as WarrantyParcel), variantId: back.text('variantId'), variantLabel: back.text('variantLabel') }
      : null,
    replacement: (() => {
      const r = d.objectOrNull('replacement');
      return r
        ? {
            variantId: r.text('variantId'),
            variantLabel: r.text('variantLabel'),
            sku: r.text('sku'),
            name: r.text('name'),
            quantity: r.number('quantity', 1),
            pricePaise: r.number('pricePaise'),
          }
        : null;
    })(),
    stockTakenAt: d.dateOrNull('stockTakenAt'),
    history: d.list('history', (v, p) => {
      const h = Fields.of(v, p);
      return { status: h.oneOf('status', WARRANTY_CLAIM_STATUSES, 'submitted'), at: h.date('at'), by: h.text('by'), note: h.text('note') };
    }),
    createdAt: d.date('createdAt'),
    updatedAt: d.date('updatedAt'),
    closedAt: d.dateOrNull('closedAt'),
  };
}

/** The shopper's view: without who moved it (admin uids). */
export function warrantyClaimForShopper(c: WarrantyClaimJson): WarrantyClaimJson {
  return { ...c, history: c.history.map((h) => ({ ...h, by: h.by === c.userId ? 'you' : 'Bagshop' })) };
}
