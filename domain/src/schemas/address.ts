import { z } from 'zod';
import { isIndia, isIndianPin, isIndianState } from '../india.js';
import { BODY_MESSAGE, LIMITS, optionalTextField, textField, whenFieldsValid } from './common.js';
import { BUYER_GSTIN_MESSAGES, buyerGstinField, legalNameField } from './buyer-gstin.js';

export const DEFAULT_COUNTRY = 'India';
export const CITY_MAX = 100;
export const STATE_MAX = 100;
export const POSTAL_CODE_MAX = 12;
export const COUNTRY_MAX = 60;

const REQUIRED = 'Required';

/** Blank or missing means India; any spelling of India is stored as 'India'. */
const country = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return DEFAULT_COUNTRY;
    if (typeof value !== 'string') return value;
    return value.trim() === '' || isIndia(value) ? DEFAULT_COUNTRY : value;
  },
  z
    .string({ error: 'Country must be text' })
    .trim()
    .max(COUNTRY_MAX, { error: `Country must be at most ${COUNTRY_MAX} characters` }),
);

/** POST /api/users/address and the checkout address form. */
export const addressSchema = z
  .object(
    {
      street: textField({ label: 'Street', max: LIMITS.addressLine, required: REQUIRED }),
      city: textField({ label: 'City', max: CITY_MAX, required: REQUIRED }),
      state: textField({ label: 'State', max: STATE_MAX, required: REQUIRED }),
      postalCode: textField({ label: 'Postal code', max: POSTAL_CODE_MAX, required: REQUIRED }),
      country,
      landmark: optionalTextField({ label: 'Landmark', max: LIMITS.addressLine }),
      // "Buying for a business?" (issue 41, docs/gst-b2b.md): both or neither.
      gstin: buyerGstinField,
      legalName: legalNameField,
    },
    { error: BODY_MESSAGE },
  )
  .refine((a) => !isIndia(a.country) || isIndianState(a.state), {
    error: 'Choose a state',
    path: ['state'],
    when: whenFieldsValid('country', 'state'),
  })
  .refine((a) => a.gstin === '' || a.legalName !== '', {
    error: BUYER_GSTIN_MESSAGES.legalNameRequired,
    path: ['legalName'],
    when: whenFieldsValid('gstin', 'legalName'),
  })
  .refine((a) => a.legalName === '' || a.gstin !== '', {
    error: BUYER_GSTIN_MESSAGES.legalNameWithoutGstin,
    path: ['gstin'],
    when: whenFieldsValid('gstin', 'legalName'),
  })
  .refine((a) => !isIndia(a.country) || isIndianPin(a.postalCode), {
    error: 'Enter a 6-digit PIN code',
    path: ['postalCode'],
    when: whenFieldsValid('country', 'postalCode'),
  });

export type AddressInput = z.output<typeof addressSchema>;
