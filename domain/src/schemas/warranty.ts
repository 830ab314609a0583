/** Bodies of the warranty routes and the seller's warranty terms (issue 40, docs/warranty.md). */
import { z } from 'zod';
import { CATEGORIES } from '../categories.js';
import {
  WARRANTY_CLAIM_STATUSES,
  WARRANTY_DESCRIPTION_MAX,
  WARRANTY_ISSUES,
  WARRANTY_MESSAGES,
  WARRANTY_REASON_MAX,
} from '../warranty/claims.js';
import {
  DEFAULT_LIFETIME_YEARS,
  DEFAULT_WARRANTY_TERMS,
  WARRANTY_MAX_YEARS,
  type WarrantyTerms,
  type WarrantyYears,
} from '../warranty/terms.js';
import { BODY_MESSAGE, docIdSchema, optionalField, optionalTextField, textField, toNumberInput, wholeNumberField } from './common.js';

export const WARRANTY_YEARS_MESSAGE = `Warranty must be "lifetime" or a whole number of years from 0 to ${WARRANTY_MAX_YEARS}`;
export const LIFETIME_MEANS_MAX = 500;

/** 'lifetime' or a whole number of years (numbers may come as text from a form). */
export const warrantyYearsSchema = z.preprocess(
  (v) => (v === 'lifetime' ? v : toNumberInput(v)),
  z.unknown().transform((v, ctx): WarrantyYears => {
    if (v === 'lifetime') return v;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= WARRANTY_MAX_YEARS) return v;
    ctx.addIssue({ code: 'custom', message: WARRANTY_YEARS_MESSAGE });
    return z.NEVER;
  }),
);

/** Blank lines of a form's list are dropped. */
const dropBlank = (value: unknown) => (Array.isArray(value) ? value.filter((v) => !(typeof v === 'string' && v.trim() === '')) : value);
const phrases = (label: string) =>
  z.preprocess(
    dropBlank,
    z
      .array(textField({ label, max: 120 }), { error: `${label} must be a list of short phrases` })
      .max(12, { error: `At most 12 ${label.toLowerCase()} phrases` }),
  );

const categoryTerms = z.object(
  { years: warrantyYearsSchema, covers: phrases('Covers'), excludes: phrases('Excludes') },
  { error: 'Each category needs { years, covers, excludes }' },
);

/** Seller settings `warranty` (left out: the defaults). */
export const warrantyTermsSchema = z.object(
  {
    categories: z.object(
      Object.fromEntries(CATEGORIES.map((c) => [c, categoryTerms])) as Record<(typeof CATEGORIES)[number], typeof categoryTerms>,
      { error: 'Warranty categories must name luggage, backpacks and duffles' },
    ),
    lifetimeMeans: textField({ label: 'What lifetime means', max: LIFETIME_MEANS_MAX }),
    lifetimeYears: optionalField(
      wholeNumberField({ min: 1, max: 50, message: 'Lifetime must run a whole number of years from 1 to 50' }),
    ).transform((v) => v ?? DEFAULT_LIFETIME_YEARS),
  },
  { error: 'Warranty must be { categories, lifetimeMeans }' },
);

export const optionalWarrantyTermsSchema = optionalField(warrantyTermsSchema).transform((v): WarrantyTerms => v ?? DEFAULT_WARRANTY_TERMS);

/** POST /api/warranty/{warrantyId}/claims (fields; the photos come as multipart files). */
export const createWarrantyClaimSchema = z.object(
  {
    issue: z.enum(WARRANTY_ISSUES, { error: WARRANTY_MESSAGES.issue }),
    description: textField({
      label: 'Description',
      max: WARRANTY_DESCRIPTION_MAX,
      required: WARRANTY_MESSAGES.description,
      tooLong: WARRANTY_MESSAGES.descriptionTooLong,
    }),
  },
  { error: BODY_MESSAGE },
);
export type CreateWarrantyClaimInput = z.output<typeof createWarrantyClaimSchema>;

/** PATCH /api/admin/warranty-claims/{number}. */
export const warrantyClaimMoveSchema = z.object(
  {
    status: z.enum(WARRANTY_CLAIM_STATUSES, { error: `Status must be one of ${WARRANTY_CLAIM_STATUSES.join(', ')}` }),
    note: optionalTextField({ label: 'Note', max: WARRANTY_REASON_MAX }),
    courier: optionalTextField({ label: 'Courier', max: 60 }),
    awb: optionalTextField({ label: 'AWB', max: 40 }),
    /** replaced: the variant sent instead (default the claimed unit's own). */
    replacementVariantId: optionalField(docIdSchema),
  },
  { error: BODY_MESSAGE },
);
export type WarrantyClaimMove = z.output<typeof warrantyClaimMoveSchema>;
