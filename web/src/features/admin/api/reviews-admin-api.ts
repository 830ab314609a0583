import type { AdminReview, Product, ReviewStatus } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

export const getAdminReviews = (status: ReviewStatus | null, productId: string | null) =>
  apiData<AdminReview[]>('admin/reviews', { query: { status: status ?? undefined, productId: productId ?? undefined } });

export const decideReview = (id: string, status: 'published' | 'rejected', reason?: string) =>
  apiData<AdminReview>(`admin/reviews/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status, ...(reason ? { reason } : {}) } });

export const replyToReview = (id: string, text: string) =>
  apiData<AdminReview>(`admin/reviews/${encodeURIComponent(id)}/reply`, { method: 'POST', body: { text } });

export const getProductsForReviews = () => apiData<Product[]>('products/');
