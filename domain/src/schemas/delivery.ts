import { z } from 'zod';
import {
  DELIVERY_SPEEDS,
  DELIVERY_ZONES,
  EXPRESS_PIN_ZONES,
  PIN_FORMAT_MESSAGE,
  type DeliveryRules,
  type DeliveryZone,
  type ShippingSettings,
} from '../delivery.js';
import { INDIAN_STATES, isIndianPin } from '../india.js';
import { BODY_MESSAGE, optionalField, textField, wholeNumberField } from './common.js';

export const MAX_RULE_LIST = 500;
export const MAX_ZONE_DAYS = 30;
export const COD_MAX_TOTAL_LIMIT = 1_000_000;

const pin = z.string({ error: PIN_FORMAT_MESSAGE }).trim().refine(isIndianPin, { error: PIN_FORMAT_MESSAGE });

/** A list of PIN codes, each once, in ascending order. */
const pinList = (label: string) =>
  z
    .array(pin, { error: `${label} must be a list of PIN codes` })
    .max(MAX_RULE_LIST, { error: `${label}: at most ${MAX_RULE_LIST} PIN codes` })
    .transform((pins) => [...new Set(pins)].sort());

const districtRef = z.object(
  {
    state: z.enum(INDIAN_STATES, { error: 'Choose a state' }),
    district: textField({ label: 'District', max: 80 }),
  },
  { error: 'A district is { state, district }' },
);

const districtList = (label: string) =>
  z
    .array(districtRef, { error: `${label} must be a list of districts` })
    .max(MAX_RULE_LIST, { error: `${label}: at most ${MAX_RULE_LIST} districts` })
    .transform((list) => {
      const seen = new Set<string>();
      return list.filter((d) => {
        const key = `${d.state}|${d.district.toLowerCase()}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });

const DAYS_MESSAGE = `Delivery days must be whole numbers from 0 to ${MAX_ZONE_DAYS}`;
const dayRange = z
  .object(
    {
      min: wholeNumberField({ min: 0, max: MAX_ZONE_DAYS, message: DAYS_MESSAGE }),
      max: wholeNumberField({ min: 0, max: MAX_ZONE_DAYS, message: DAYS_MESSAGE }),
    },
    { error: 'A day range is { min, max }' },
  )
  .refine((r) => r.min <= r.max, { error: 'The fewest days cannot be more than the most days', path: ['max'] });

const zoneDays = z.object(Object.fromEntries(DELIVERY_ZONES.map((zone) => [zone, dayRange])) as Record<DeliveryZone, typeof dayRange>, {
  error: 'Give the delivery days of every zone',
});

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

const holiday = z.object(
  {
    date: z.string({ error: 'A holiday date is YYYY-MM-DD' }).trim().refine(isDay, { error: 'A holiday date is YYYY-MM-DD' }),
    name: textField({ label: 'Holiday name', max: 60 }),
  },
  { error: 'A holiday is { date, name }' },
);

/** PUT /api/admin/delivery: the whole rule set. */
export const deliveryRulesSchema = z.object(
  {
    warehousePin: pin,
    cityDistricts: districtList('City districts'),
    metroDistricts: districtList('Metro districts'),
    cutoff: z
      .string({ error: 'Cut-off is a time HH:MM' })
      .trim()
      .refine((s) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s), { error: 'Cut-off is a time HH:MM (00:00 to 23:59)' }),
    workingDays: z
      .array(z.number({ error: 'Working days are 0 (Sunday) to 6 (Saturday)' }).int().min(0).max(6), {
        error: 'Working days are a list of weekdays',
      })
      .min(1, { error: 'Choose at least one working day' })
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    holidays: z
      .array(holiday, { error: 'Holidays must be a list' })
      .max(MAX_RULE_LIST, { error: `At most ${MAX_RULE_LIST} holidays` })
      .transform((list) => [...new Map(list.map((h) => [h.date, h])).values()].sort((a, b) => a.date.localeCompare(b.date))),
    zoneDays,
    unservedPins: pinList('PIN codes not served'),
    unservedDistricts: districtList('Districts not served'),
    codOffPins: pinList('PIN codes without cash on delivery'),
    codMaxTotal: wholeNumberField({
      min: 0,
      max: COD_MAX_TOTAL_LIMIT,
      message: 'The cash-on-delivery limit must be a whole number of rupees from 0 to 10,00,000',
    }),
  },
  { error: BODY_MESSAGE },
) satisfies z.ZodType<DeliveryRules, unknown>;

export type DeliveryRulesInput = z.output<typeof deliveryRulesSchema>;

/** A PIN in a URL: digits only, six of them, not starting with 0. */
export const pinParamSchema = pin;

export const EXPRESS_FEE_LIMIT = 10_000;
export const EXPRESS_FEE_MESSAGE = 'The express fee must be a whole number of rupees from 0 to 10,000';
export const EXPRESS_FREE_ABOVE_MESSAGE = 'Free express above must be a whole number of rupees from 1 to 10,00,000, or left empty';
export const DELIVERY_SPEED_MESSAGE = 'Delivery speed must be standard or express';

/** PUT /api/admin/settings/shipping: the seller's shipping settings (`settings/shipping`, issue 40). */
export const shippingSettingsSchema = z.object(
  {
    expressEnabled: z.boolean({ error: 'Express on or off is true or false' }),
    expressFee: wholeNumberField({ min: 0, max: EXPRESS_FEE_LIMIT, message: EXPRESS_FEE_MESSAGE }),
    expressFreeAbove: optionalField(wholeNumberField({ min: 1, max: COD_MAX_TOTAL_LIMIT, message: EXPRESS_FREE_ABOVE_MESSAGE })).transform(
      (v) => v ?? null,
    ),
    expressCod: z.boolean({ error: 'Cash on delivery with express is true or false' }),
    tier1Districts: districtList('Tier-1 cities'),
    pinZones: z
      .array(
        z.object(
          { pin, zone: z.enum(EXPRESS_PIN_ZONES, { error: 'A PIN’s express zone is metro, tier1 or none' }) },
          { error: 'A PIN-to-zone row is { pin, zone }' },
        ),
        { error: 'The PIN-to-zone table must be a list' },
      )
      .max(MAX_RULE_LIST, { error: `The PIN-to-zone table: at most ${MAX_RULE_LIST} PIN codes` })
      // One row per PIN, the last one given wins; ascending by PIN.
      .transform((rows) => [...new Map(rows.map((r) => [r.pin, r])).values()].sort((a, b) => a.pin.localeCompare(b.pin))),
  },
  { error: BODY_MESSAGE },
) satisfies z.ZodType<ShippingSettings, unknown>;

export type ShippingSettingsInput = z.output<typeof shippingSettingsSchema>;

/** The order body's `deliverySpeed` (left out: standard). */
export const deliverySpeedSchema = z.enum(DELIVERY_SPEEDS, { error: DELIVERY_SPEED_MESSAGE });
