import { z } from 'zod';
import { EINVOICE_MODES, type EinvoiceMode } from '../einvoice.js';
import { GSTIN_MESSAGES, gstinProblem } from '../gst.js';
import { INDIAN_STATES, type IndianState } from '../india.js';
import { INVOICE_PREFIX_PATTERN } from '../tax-documents.js';
import { DEFAULT_RETURN_WINDOW_DAYS } from '../returns/status.js';
import { BODY_MESSAGE, LIMITS, matches, optionalField, optionalTextField, textField, wholeNumberField, whenFieldsValid } from './common.js';
import { emailSchema } from './users.js';
import { DECLARATION_ADDRESS_MAX, type ConsumerCare } from '../declarations.js';
import { optionalWarrantyTermsSchema } from './warranty.js';
import { DEFAULT_WARRANTY_TERMS, type WarrantyTerms } from '../warranty/terms.js';

export const LEGAL_NAME_MAX = 120;
export const INVOICE_PREFIX_MESSAGE = 'Invoice prefix must be 1 or 2 capital letters or digits';
export const RETURN_WINDOW_MESSAGE = 'Return window must be a whole number of days from 0 to 90';
export const CONSUMER_CARE_EMAIL_MESSAGE = 'Enter a consumer care email address like care@example.in';
export const SELLER_PHONE_MESSAGE = 'Enter a phone number: digits, spaces, +, - and brackets (8 to 20 characters)';

/** Upper-cased with all white space taken out (GSTINs and prefixes are often pasted with spaces). */
const compactUpper = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value);

const gstin = z.preprocess(
  compactUpper,
  textField({
    label: 'GSTIN',
    max: 15,
    required: GSTIN_MESSAGES.required,
    tooLong: GSTIN_MESSAGES.format,
    rules: [
      { test: (v) => gstinProblem(v) !== 'format', message: GSTIN_MESSAGES.format },
      { test: (v) => gstinProblem(v) !== 'checksum', message: GSTIN_MESSAGES.checksum },
    ],
  }),
);

const address = z.object(
  {
    line1: textField({ label: 'Address line 1', max: LIMITS.addressLine }),
    line2: optionalTextField({ label: 'Address line 2', max: LIMITS.addressLine }),
    city: textField({ label: 'City', max: 100 }),
    state: z.enum(INDIAN_STATES, { error: 'Choose a state' }),
    pincode: textField({
      label: 'PIN code',
      max: 6,
      tooLong: 'Enter a 6-digit PIN code',
      rules: [matches(/^[1-9][0-9]{5}$/, 'Enter a 6-digit PIN code')],
    }),
  },
  { error: 'Address is required' },
);

/**
 * PUT /api/admin/settings/seller: the seller printed on every invoice (settings/seller).
 * The GSTIN is checked for format, check character, and its state code against the state.
 */
export const sellerSettingsSchema = z
  .object(
    {
      legalName: textField({ label: 'Legal name', max: LEGAL_NAME_MAX }),
      address,
      gstin,
      invoicePrefix: z.preprocess(
        compactUpper,
        textField({
          label: 'Invoice prefix',
          max: 2,
          tooLong: INVOICE_PREFIX_MESSAGE,
          rules: [matches(INVOICE_PREFIX_PATTERN, INVOICE_PREFIX_MESSAGE)],
        }),
      ),
      email: emailSchema,
      phone: textField({
        label: 'Phone',
        max: 20,
        tooLong: SELLER_PHONE_MESSAGE,
        rules: [matches(/^\+?[0-9 ()-]{8,20}$/, SELLER_PHONE_MESSAGE)],
      }),
      /** Consumer care shown on every listing (docs/legal-metrology.md); left out: the seller's own. */
      consumerCare: optionalField(
        z.object(
          {
            name: textField({ label: 'Consumer care name', max: LEGAL_NAME_MAX }),
            address: textField({ label: 'Consumer care address', max: DECLARATION_ADDRESS_MAX }),
            phone: textField({
              label: 'Consumer care phone',
              max: 20,
              tooLong: SELLER_PHONE_MESSAGE,
              rules: [matches(/^\+?[0-9 ()-]{8,20}$/, SELLER_PHONE_MESSAGE)],
            }),
            email: textField({
              label: 'Consumer care email',
              max: LIMITS.email,
              invalid: CONSUMER_CARE_EMAIL_MESSAGE,
              lowercase: true,
              rules: [matches(z.regexes.email, CONSUMER_CARE_EMAIL_MESSAGE)],
            }),
          },
          { error: 'Consumer care must be { name, address, phone, email }' },
        ),
      ),
      /** Days after delivery a shopper may start a return; 0 = no returns (docs/returns.md). */
      returnWindowDays: optionalField(wholeNumberField({ min: 0, max: 90, message: RETURN_WINDOW_MESSAGE })).transform(
        (v) => v ?? DEFAULT_RETURN_WINDOW_DAYS,
      ),
      /** The warranty's terms (docs/warranty.md); left out: issue 40's defaults. */
      warranty: optionalWarrantyTermsSchema,
      /** E-invoicing (issue 41, docs/gst-b2b.md): B2B invoices reported to the IRP; left out: 'off'. */
      einvoice: optionalField(z.enum(EINVOICE_MODES, { error: "E-invoicing must be 'off' or 'on'" })).transform((v) => v ?? 'off'),
    },
    { error: BODY_MESSAGE },
  )
  .refine((s) => gstinProblem(s.gstin, s.address.state) === null, {
    error: GSTIN_MESSAGES.state,
    path: ['gstin'],
    when: whenFieldsValid('gstin', 'address'),
  });

export type SellerSettingsInput = z.output<typeof sellerSettingsSchema>;

/** settings/seller as the API answers it (`updatedAt` ISO, null before the first save). */
export interface SellerSettings {
  legalName: string;
  address: { line1: string; line2: string; city: string; state: IndianState; pincode: string };
  gstin: string;
  invoicePrefix: string;
  email: string;
  phone: string;
  /** Days after delivery a shopper may start a return (default 7; 0 = no returns). */
  returnWindowDays: number;
  /** Shown on every listing (docs/legal-metrology.md); the seller's own name, address, phone and email unless set. */
  consumerCare: ConsumerCare;
  /** The warranty's terms (docs/warranty.md). */
  warranty: WarrantyTerms;
  /** E-invoicing (issue 41): 'on' reports every B2B invoice to the IRP. */
  einvoice: EinvoiceMode;
  updatedAt: string | null;
}

/** The demo seller, seeded on the emulators (docs/gst-invoices.md). */
export const DEMO_SELLER: SellerSettingsInput = {
  legalName: 'Bagshop Retail LLP',
  address: {
    line1: 'Unit 12, Kamala Mills Compound',
    line2: 'Senapati Bapat Marg, Lower Parel',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400013',
  },
  gstin: '27AAPFB1234C1ZU',
  invoicePrefix: 'BS',
  email: 'support@bagshop.test',
  phone: '+91 22 4000 1234',
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  warranty: DEFAULT_WARRANTY_TERMS,
  einvoice: 'off',
};
