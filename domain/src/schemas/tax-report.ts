import { z } from 'zod';
import { istMonthRange } from '../tax-documents.js';
import { optionalField } from './common.js';

export const MONTH_MESSAGE = 'Month must be a month like 2026-11';

/** GET /api/admin/tax?month=YYYY-MM (an IST calendar month; the current one when left out). */
export const taxReportQuerySchema = z.object({
  month: optionalField(z.string({ error: MONTH_MESSAGE }).refine((m) => istMonthRange(m) !== null, { error: MONTH_MESSAGE })),
});

export type TaxReportQuery = z.output<typeof taxReportQuerySchema>;
