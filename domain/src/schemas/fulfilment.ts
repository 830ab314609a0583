/** Bodies of the fulfilment routes (docs/fulfilment.md). */
import { z } from 'zod';
import { SHIPMENT_EVENTS } from '../fulfilment.js';
import { BODY_MESSAGE, optionalField, optionalTextField, textField, wholeNumberField } from './common.js';

const dimension = (label: string) =>
  wholeNumberField({ min: 1, max: 200, message: `${label} must be a whole number of centimetres from 1 to 200` });

/** POST /api/order/{id}/shipments (admin). Courier and AWB are needed when no courier adapter books it. */
export const createShipmentSchema = z.object(
  {
    courier: optionalField(textField({ label: 'Courier', max: 60 })),
    awb: optionalField(
      textField({
        label: 'AWB',
        max: 40,
        rules: [{ test: (v) => /^[A-Za-z0-9-]{4,40}$/.test(v), message: 'AWB must be 4 to 40 letters, digits or dashes' }],
      }),
    ),
    weightGrams: optionalField(
      wholeNumberField({ min: 1, max: 50_000, message: 'Weight must be a whole number of grams from 1 to 50,000' }),
    ),
    dimensionsCm: optionalField(
      z.object(
        { length: dimension('Length'), breadth: dimension('Breadth'), height: dimension('Height') },
        { error: 'Dimensions must be { length, breadth, height } in centimetres' },
      ),
    ),
  },
  { error: BODY_MESSAGE },
);
export type CreateShipmentInput = z.output<typeof createShipmentSchema>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/order/{id}/ndr (the shopper): reattempt on one of the next working days. */
export const ndrActionSchema = z.object(
  {
    action: z.enum(['reattempt'], { error: "Action must be 'reattempt'" }),
    date: textField({ label: 'Date', max: 10, rules: [{ test: (v) => ISO_DAY.test(v), message: 'Date must be a day like 2026-11-30' }] }),
    note: optionalTextField({ label: 'Note', max: 200 }),
    phone: optionalField(
      textField({
        label: 'Phone',
        max: 13,
        rules: [{ test: (v) => /^(\+91)?[6-9]\d{9}$/.test(v), message: 'Phone must be a 10-digit Indian mobile number' }],
      }),
    ),
  },
  { error: BODY_MESSAGE },
);
export type NdrActionInput = z.output<typeof ndrActionSchema>;

/** POST /api/order/{id}/confirm-cod: the shopper (signed in, or with the mail's signed token), or an admin recording a phone call. */
export const confirmCodSchema = z.object(
  {
    token: optionalField(textField({ label: 'Token', max: 200 })),
    confirmedByPhone: optionalField(z.literal(true, { error: 'confirmedByPhone must be true' })),
  },
  { error: BODY_MESSAGE },
);
export type ConfirmCodInput = z.output<typeof confirmCodSchema>;

/** The courier stand-in's and the tests' view of a webhook event (the adapter parses the courier's own body). */
export const shipmentEventNameSchema = z.enum(SHIPMENT_EVENTS);
