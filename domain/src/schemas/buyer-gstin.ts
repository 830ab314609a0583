/**
 * A business buyer's GSTIN and legal name (issue 41, docs/gst-b2b.md): optional on an address
 * book entry, checked as the seller's GSTIN is (format with a known state code, check
 * character). The GSTIN's state may differ from the delivery state: the place of supply stays
 * the delivery state.
 */
import { z } from 'zod';
import { gstinProblem, stateOfGstCode } from '../gst.js';

export const BUYER_GSTIN_MESSAGES = {
  invalid: 'Enter a valid GSTIN',
  checksum: "The GSTIN's check digit is wrong",
  legalNameRequired: 'Enter the legal name registered with the GSTIN',
  legalNameWithoutGstin: 'Add the GSTIN the legal name is registered with',
  legalNameTooLong: 'Legal name must be at most 100 characters',
} as const;

export const BUYER_LEGAL_NAME_MAX = 100;

/** Pasted values: upper case, no spaces. */
export function normaliseGstin(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '');
}

/** The message for a buyer's GSTIN (upper case, no spaces), or null when it is valid. */
export function buyerGstinMessage(gstin: string): string | null {
  const problem = gstinProblem(gstin);
  if (problem === 'format' || !stateOfGstCode(gstin.slice(0, 2))) return BUYER_GSTIN_MESSAGES.invalid;
  if (problem === 'checksum') return BUYER_GSTIN_MESSAGES.checksum;
  return null;
}

/** Optional GSTIN: blank, missing or null is ''. */
export const buyerGstinField = z.preprocess(
  (value) => (value === undefined || value === null ? '' : typeof value === 'string' ? normaliseGstin(value) : value),
  z.string({ error: BUYER_GSTIN_MESSAGES.invalid }).check((payload) => {
    if (payload.value === '') return;
    const message = buyerGstinMessage(payload.value);
    if (message) payload.issues.push({ code: 'custom', message, input: payload.value });
  }),
);

/** Optional legal name: blank, missing or null is ''. */
export const legalNameField = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  z.string({ error: 'Legal name must be text' }).trim().max(BUYER_LEGAL_NAME_MAX, { error: BUYER_GSTIN_MESSAGES.legalNameTooLong }),
);

/** What an order keeps of a business buyer (`order.buyer`). */
export interface BusinessBuyer {
  gstin: string;
  legalName: string;
}

/** The business buyer of an address, or null for a person buying for themselves. */
export function businessBuyerOf(address: { gstin?: unknown; legalName?: unknown }): BusinessBuyer | null {
  const gstin = typeof address.gstin === 'string' ? address.gstin.trim() : '';
  const legalName = typeof address.legalName === 'string' ? address.legalName.trim() : '';
  return gstin ? { gstin, legalName } : null;
}
