import type { Offer } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

export const getOffers = () => apiData<Offer[]>('admin/offers');
export const createOffer = (body: Record<string, unknown>) => apiData<Offer>('admin/offers', { method: 'POST', body });
export const updateOffer = (id: string, body: Record<string, unknown>) =>
  apiData<Offer>(`admin/offers/${encodeURIComponent(id)}`, { method: 'PATCH', body });
