import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WARRANTY_TERMS,
  WARRANTY_CLAIM_FLOW,
  WARRANTY_CLAIM_STATUSES,
  canMoveClaim,
  claimsPer100,
  isOpenClaim,
  medianDaysToClose,
  warrantyClaim,
  warrantyClaimNumber,
  warrantyEnd,
  warrantyHeadline,
  warrantyLabel,
  warrantyPageText,
  warrantyRunYears,
  warrantyTermFor,
  type WarrantyTerms,
} from './index.js';
import { warrantyTermsSchema } from '../schemas/warranty.js';
import { warrantyTermsFromData } from '../codecs/warranty.js';

describe('warranty terms and their wording', () => {
  it('words the default terms for the home page, a product page and /warranty', () => {
    expect(warrantyHeadline(DEFAULT_WARRANTY_TERMS)).toBe('Lifetime warranty');
    expect(warrantyClaim(DEFAULT_WARRANTY_TERMS)).toBe(
      'Lifetime warranty on luggage (shell, wheels and handles), 3 years on backpacks and duffles',
    );
    expect(warrantyLabel(warrantyTermFor(DEFAULT_WARRANTY_TERMS, 'luggage'))).toBe('Lifetime warranty on shell, wheels and handles');
    expect(warrantyLabel(warrantyTermFor(DEFAULT_WARRANTY_TERMS, 'luggage', 5))).toBe('5-year warranty on shell, wheels and handles');
    expect(warrantyLabel(warrantyTermFor(DEFAULT_WARRANTY_TERMS, 'backpacks'))).toBe(
      '3-year warranty on zips, stitching, straps and buckles',
    );
    const page = warrantyPageText(DEFAULT_WARRANTY_TERMS);
    expect(page.title).toBe('Lifetime Warranty');
    expect(page.covered[0]).toBe('Luggage: lifetime on shell, wheels and handles');
    expect(page.covered[1]).toBe('Backpacks: 3 years on zips, stitching, straps and buckles');
    expect(page.notCovered).toContain('Damage in transit by an airline, train or bus operator');
    expect(page.lifetimeMeans).toMatch(/10 years after the sale/);
  });

  it('follows the seller: no lifetime anywhere, a longest term, a category with none', () => {
    const terms: WarrantyTerms = {
      ...DEFAULT_WARRANTY_TERMS,
      categories: {
        luggage: { years: 5, covers: ['shell'], excludes: [] },
        backpacks: { years: 2, covers: [], excludes: [] },
        duffles: { years: 0, covers: [], excludes: [] },
      },
    };
    expect(warrantyHeadline(terms)).toBe('5-year warranty');
    expect(warrantyClaim(terms)).toBe('5-year warranty on luggage (shell), 2 years on backpacks');
    expect(warrantyPageText(terms).lifetimeMeans).toBeNull();
    expect(warrantyPageText(terms).title).toBe('5-year Warranty');
    expect(warrantyLabel(warrantyTermFor(terms, 'duffles'))).toBe('No warranty');
  });

  it('runs a lifetime warranty for lifetimeYears, a term from the delivery day', () => {
    expect(warrantyRunYears(DEFAULT_WARRANTY_TERMS, 'lifetime')).toBe(10);
    expect(warrantyEnd(new Date('2026-12-02T10:00:00Z'), 3).toISOString()).toBe('2029-12-02T10:00:00.000Z');
  });

  it('checks the settings and reads stored terms, defaults for what is missing', () => {
    const ok = warrantyTermsSchema.safeParse({
      ...DEFAULT_WARRANTY_TERMS,
      categories: { ...DEFAULT_WARRANTY_TERMS.categories, backpacks: { years: '4', covers: ['zips', ''], excludes: [] } },
    });
    expect(ok.success && ok.data.categories.backpacks).toEqual({ years: 4, covers: ['zips'], excludes: [] });
    const bad = warrantyTermsSchema.safeParse({
      ...DEFAULT_WARRANTY_TERMS,
      categories: { ...DEFAULT_WARRANTY_TERMS.categories, luggage: { years: 'forever', covers: [], excludes: [] } },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Warranty must be "lifetime" or a whole number of years from 0 to 25');
    expect(warrantyTermsFromData(undefined)).toEqual(DEFAULT_WARRANTY_TERMS);
    expect(warrantyTermsFromData({ categories: { duffles: { years: 1, covers: ['zips'], excludes: [] } } }).categories.duffles.years).toBe(
      1,
    );
  });
});

describe('the claim status graph', () => {
  it('goes submitted → approved → pickup_scheduled → received → repaired | replaced → closed, rejected from submitted or received', () => {
    expect(canMoveClaim('submitted', 'approved')).toBe(true);
    expect(canMoveClaim('approved', 'pickup_scheduled')).toBe(true);
    expect(canMoveClaim('pickup_scheduled', 'received')).toBe(true);
    expect(canMoveClaim('received', 'repaired')).toBe(true);
    expect(canMoveClaim('received', 'replaced')).toBe(true);
    expect(canMoveClaim('replaced', 'closed')).toBe(true);
    expect(canMoveClaim('repaired', 'closed')).toBe(true);
    expect(canMoveClaim('submitted', 'rejected')).toBe(true);
    expect(canMoveClaim('received', 'rejected')).toBe(true);
    const rejectFrom = WARRANTY_CLAIM_STATUSES.filter((s) => WARRANTY_CLAIM_FLOW[s].includes('rejected'));
    expect(rejectFrom).toEqual(['submitted', 'received']);
    expect(canMoveClaim('submitted', 'replaced')).toBe(false);
    expect(canMoveClaim('approved', 'rejected')).toBe(false);
    expect(canMoveClaim('closed', 'submitted')).toBe(false);
    expect(isOpenClaim('replaced')).toBe(true);
    expect(isOpenClaim('closed')).toBe(false);
    expect(isOpenClaim('rejected')).toBe(false);
    expect(warrantyClaimNumber(2026, 42)).toBe('WAR-2026-00042');
  });

  it('counts claims per 100 units and the median days to close', () => {
    expect(claimsPer100(3, 40)).toBe(7.5);
    expect(claimsPer100(1, 0)).toBe(0);
    const c = (created: string, closed: string | null) => ({
      productId: 'p',
      name: 'P',
      issue: 'wheel' as const,
      createdAt: created,
      closedAt: closed,
    });
    expect(
      medianDaysToClose([
        c('2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z'),
        c('2026-01-01T00:00:00Z', '2026-01-07T00:00:00Z'),
        c('2026-01-01T00:00:00Z', null),
      ]),
    ).toBe(4);
    expect(medianDaysToClose([])).toBeNull();
  });
});
