/** Bodies of the returns routes (docs/returns.md). */
import { z } from 'zod';
import { IFSC_PATTERN, RETURN_MESSAGES, RETURN_REASONS, RETURN_RESOLUTIONS, RETURN_STATUSES, UPI_ID_PATTERN } from '../returns/status.js';
import { BODY_MESSAGE, docIdSchema, optionalField, optionalTextField, quantitySchema, textField } from './common.js';

/** Multipart sends lists and objects as JSON strings; JSON bodies send them as they are. */
const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const upiRefund = z.object(
  {
    upiId: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ error: RETURN_MESSAGES.upi }).refine((v) => UPI_ID_PATTERN.test(v), { error: RETURN_MESSAGES.upi }),
    ),
  },
  { error: RETURN_MESSAGES.upi },
);

const bankRefund = z.object({
  accountName: textField({ label: 'Account holder’s name', max: 100, required: RETURN_MESSAGES.accountName }),
  accountNumber: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : typeof v === 'number' ? String(v) : v),
    z.string({ error: RETURN_MESSAGES.accountNumber }).refine((v) => /^\d{9,18}$/.test(v), { error: RETURN_MESSAGES.accountNumber }),
  ),
  ifsc: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v),
    z.string({ error: RETURN_MESSAGES.ifsc }).refine((v) => IFSC_PATTERN.test(v), { error: RETURN_MESSAGES.ifsc }),
  ),
});

/** Where a cash-on-delivery return is refunded: a UPI id, or a bank account. */
export const refundToSchema = z.preprocess(
  jsonText,
  z.union([upiRefund.strict(), bankRefund.strict()], {
    error: (issue) => {
      const input = issue.input as Record<string, unknown> | undefined;
      if (input && typeof input === 'object' && 'upiId' in input) return RETURN_MESSAGES.upi;
      return undefined;
    },
  }),
);
export type RefundTo = z.output<typeof refundToSchema>;

/** POST /api/order/{id}/returns (multipart fields, or JSON). */
export const createReturnSchema = z.object(
  {
    lines: z.preprocess(
      jsonText,
      z
        .array(z.object({ lineId: docIdSchema, quantity: quantitySchema }, { error: 'Each line needs lineId and quantity' }), {
          error: 'Choose the lines to return',
        })
        .min(1, { error: 'Choose the lines to return' })
        .max(20, { error: 'At most 20 lines' }),
    ),
    reason: z.enum(RETURN_REASONS, { error: `Reason must be one of ${RETURN_REASONS.join(', ')}` }),
    comment: optionalTextField({ label: 'Comment', max: 500 }),
    resolution: z.enum(RETURN_RESOLUTIONS, { error: "Resolution must be 'refund' or 'exchange'" }),
    exchangeVariantId: z.preprocess(blankToUndefined, optionalField(docIdSchema)),
    refundTo: z.preprocess(blankToUndefined, optionalField(refundToSchema)),
  },
  { error: BODY_MESSAGE },
);
export type CreateReturnInput = z.output<typeof createReturnSchema>;

/** PATCH /api/admin/returns/{number}. */
export const returnStatusUpdateSchema = z.object(
  {
    status: z.enum(RETURN_STATUSES, { error: `Status must be one of ${RETURN_STATUSES.join(', ')}` }),
    note: optionalTextField({ label: 'Note', max: 500 }),
    qualityCheck: optionalField(z.enum(['passed', 'failed'], { error: "Quality check must be 'passed' or 'failed'" })),
    courier: optionalField(textField({ label: 'Courier', max: 60 })),
    awb: optionalField(
      textField({
        label: 'AWB',
        max: 40,
        rules: [{ test: (v) => /^[A-Za-z0-9-]{4,40}$/.test(v), message: 'AWB must be 4 to 40 letters, digits or dashes' }],
      }),
    ),
  },
  { error: BODY_MESSAGE },
);
export type ReturnStatusUpdate = z.output<typeof returnStatusUpdateSchema>;

/** POST /api/admin/returns/{number}/payout: the COD refund was paid, with the bank's reference. */
export const returnPayoutSchema = z.object(
  { reference: textField({ label: 'Bank reference', max: 60, required: RETURN_MESSAGES.referenceNeeded }) },
  { error: BODY_MESSAGE },
);
