import { z } from 'zod';
import { GSTR1_CSV_SECTIONS } from '../gstr1.js';
import { istMonthOf, istMonthRange } from '../tax-documents.js';
import { optionalField } from './common.js';

export const PERIOD_MESSAGE = 'Period must be a month like 2026-11';
export const FUTURE_PERIOD_MESSAGE = 'That period has not started yet: GSTR-1 is made for the current month or one before it';
export const SECTION_MESSAGE = `Section must be one of ${GSTR1_CSV_SECTIONS.join(', ')}`;
export const FORMAT_MESSAGE = 'Format must be json, csv or summary';

/**
 * GET /api/admin/tax/gstr1?period=YYYY-MM[&format=json|csv|summary][&section=b2b] (issue 41).
 * `now` decides which periods are in the future (IST months).
 */
export function gstr1QuerySchema(now: Date = new Date()) {
  return z
    .object({
      period: z
        .string({ error: PERIOD_MESSAGE })
        .refine((m) => istMonthRange(m) !== null, { error: PERIOD_MESSAGE })
        .refine((m) => istMonthRange(m) === null || m <= istMonthOf(now), { error: FUTURE_PERIOD_MESSAGE }),
      format: optionalField(z.enum(['json', 'csv', 'summary'], { error: FORMAT_MESSAGE })),
      section: optionalField(z.enum(GSTR1_CSV_SECTIONS, { error: SECTION_MESSAGE })),
    })
    .refine((q) => q.format !== 'csv' || q.section !== undefined, { error: `A CSV is one section: ${SECTION_MESSAGE}`, path: ['section'] });
}

export type Gstr1Query = z.output<ReturnType<typeof gstr1QuerySchema>>;
