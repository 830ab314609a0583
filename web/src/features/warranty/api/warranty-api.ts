import type { WarrantyClaimJson, WarrantyJson } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

export interface MyWarranties {
  warranties: WarrantyJson[];
  claims: WarrantyClaimJson[];
}

/** GET /api/warranty: the shopper's registered warranties and claims (docs/warranty.md). */
export const getMyWarranties = () => apiData<MyWarranties>('warranty');

/** POST /api/warranty/{id}/claims as multipart (issue, description, 1–4 `photos`). */
export const fileWarrantyClaim = (warrantyId: string, form: FormData) =>
  apiData<{ claim: WarrantyClaimJson }>(`warranty/${encodeURIComponent(warrantyId)}/claims`, { method: 'POST', body: form });
