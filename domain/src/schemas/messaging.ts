/** Queries of the messaging routes (docs/whatsapp.md). */
import { z } from 'zod';

export const DEFAULT_SUMMARY_DAYS = 30;
const DAYS_MESSAGE = 'days must be a whole number from 1 to 90';

/** GET /api/admin/messages/summary?days=30 */
export const messagesSummaryQuerySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? DEFAULT_SUMMARY_DAYS : typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : v),
    z.number({ error: DAYS_MESSAGE }).int({ error: DAYS_MESSAGE }).min(1, { error: DAYS_MESSAGE }).max(90, { error: DAYS_MESSAGE }),
  ),
});
