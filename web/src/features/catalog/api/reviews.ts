import type { OwnReview, ReviewPage, ReviewSort } from '@bagshop/domain';
import { apiData, apiRequest } from '../../../lib/api-client';

export interface ReviewFilters {
  sort: ReviewSort;
  rating: number | null;
  withPhotos: boolean;
}

const base = (productId: string) => `products/${encodeURIComponent(productId)}/reviews`;

export function getReviews(productId: string, filters: ReviewFilters, cursor: string | null): Promise<ReviewPage> {
  return apiData<ReviewPage>(base(productId), {
    query: {
      sort: filters.sort === 'recent' ? undefined : filters.sort,
      rating: filters.rating === null ? undefined : String(filters.rating),
      withPhotos: filters.withPhotos ? '1' : undefined,
      cursor: cursor ?? undefined,
    },
  });
}

export function getEligibility(productId: string): Promise<{ canReview: boolean; review: OwnReview | null }> {
  return apiData(`${base(productId)}/eligibility`);
}

export async function submitReview(productId: string, form: FormData, editing: boolean): Promise<{ review: OwnReview; message: string }> {
  const res = await apiRequest<{ data: OwnReview; message?: string }>(editing ? `${base(productId)}/mine` : base(productId), {
    method: editing ? 'PATCH' : 'POST',
    body: form,
  });
  return { review: res.data, message: res.message ?? 'Thank you for your review' };
}

export function deleteReview(productId: string): Promise<unknown> {
  return apiRequest(`${base(productId)}/mine`, { method: 'DELETE' });
}

export function voteHelpful(productId: string, reviewId: string): Promise<{ helpful: boolean; helpfulCount: number }> {
  return apiData(`${base(productId)}/${encodeURIComponent(reviewId)}/helpful`, { method: 'POST' });
}
