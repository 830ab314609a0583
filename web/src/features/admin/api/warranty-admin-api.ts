import type { WarrantyClaimJson, WarrantyClaimStatus } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

/** GET /api/admin/warranty-claims: open claims oldest first, then closed and rejected (docs/warranty.md). */
export const getAdminWarrantyClaims = async () => (await apiData<{ claims: WarrantyClaimJson[] }>('admin/warranty-claims')).claims;

/** PATCH /api/admin/warranty-claims/{number}: one move along the graph. */
export const moveWarrantyClaim = async (
  number: string,
  body: { status: WarrantyClaimStatus; note?: string; courier?: string; awb?: string; replacementVariantId?: string },
) => (await apiData<{ claim: WarrantyClaimJson }>(`admin/warranty-claims/${encodeURIComponent(number)}`, { method: 'PATCH', body })).claim;
