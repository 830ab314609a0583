import type { ReturnJson, ReturnStatusUpdate } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

export type AdminReturn = ReturnJson & { ageHours: number };

/** GET /api/admin/returns: requested first, age shown (docs/returns.md). */
export const getAdminReturns = () => apiData<AdminReturn[]>('admin/returns');

/** PATCH /api/admin/returns/{number}. */
export const moveReturn = (number: string, update: Partial<ReturnStatusUpdate> & { status: ReturnStatusUpdate['status'] }) =>
  apiData<ReturnJson>(`admin/returns/${encodeURIComponent(number)}`, { method: 'PATCH', body: update });

/** POST /api/admin/returns/{number}/payout: the COD refund was paid. */
export const markPayoutPaid = (number: string, reference: string) =>
  apiData<ReturnJson>(`admin/returns/${encodeURIComponent(number)}/payout`, { method: 'POST', body: { reference } });
