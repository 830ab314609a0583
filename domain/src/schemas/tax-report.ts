import { z } from 'zod';
import { istMonthRange } from '../tax-documents.js';
import { optionalField } from './common.js';

export const MONTH_MESSAGE = 'Month must be a month like 2026-11';
export const TAX_CURSOR_MESSAGE = 'That page of the Tax view is not valid: open the month again from its first page';

/**
 * GET /api/admin/tax?month=YYYY-MM&cursor= (an IST calendar month, the current one when left
 * out; `cursor` is a page's `nextCursor`, the first page when left out).
 */
export const taxReportQuerySchema = z.object({
  month: optionalField(z.string({ error: MONTH_MESSAGE }).refine((m) => istMonthRange(m) !== null, { error: MONTH_MESSAGE })),
  cursor: optionalField(
    z
      .string({ error: TAX_CURSOR_MESSAGE })
      .max(400, { error: TAX_CURSOR_MESSAGE })
      .regex(/^[A-Za-z0-9_-]+$/, { error: TAX_CURSOR_MESSAGE }),
  ),
});

export type TaxReportQuery = z.output<typeof taxReportQuerySchema>;
