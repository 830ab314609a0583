import type { Product, PublicReview, User } from '@bagshop/domain';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '../../../../testing/render';
import { ProductReviews } from './product-reviews';

const product: Product = {
  _id: 'p1',
  name: 'Voyager Cabin Trolley',
  description: '',
  price: 5000,
  discount: 1000,
  category: 'luggage',
  stock: 3,
  countryOfOrigin: 'India',
  image: { url: '', hash: '' },
  images: [],
  rating: { average: 4.3, count: 3, histogram: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const review: PublicReview = {
  _id: 'p1_u9',
  productId: 'p1',
  rating: 4,
  title: 'Roomy and quiet',
  text: 'Took it to Goa and back; the wheels are quiet.',
  author: 'Priya S.',
  verifiedBuyer: true,
  variant: { sku: 'VT-TEAL', options: { Colour: 'Teal' } },
  photos: [],
  reply: { text: 'Happy travels!', at: '2026-11-21T10:00:00.000Z', updatedAt: '2026-11-21T10:00:00.000Z' },
  helpfulCount: 2,
  edited: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const getReviews = vi.fn(async () => ({ reviews: [review], nextCursor: null }));
vi.mock('../../api/reviews', () => ({
  getReviews: (...args: unknown[]) => getReviews(...(args as [])),
  getEligibility: vi.fn(async () => ({ canReview: false, review: null })),
  deleteReview: vi.fn(),
  voteHelpful: vi.fn(),
}));

function stubApi() {
  getReviews.mockClear();
  return {
    filtered: () =>
      getReviews.mock.calls.some((c) => (c as unknown[])[1] && ((c as unknown[])[1] as { rating: number | null }).rating === 5),
  };
}

const shopper = { _id: 'u1', role: 'customer' } as User;

describe('ProductReviews', () => {
  it('shows the summary from the product and the reviews with Verified buyer, variant and reply', async () => {
    stubApi();
    render(<ProductReviews product={product} />, { session: { user: shopper } });
    expect(screen.getByTestId('rating-average').textContent).toBe('4.3');
    expect(screen.getByTestId('rating-count').textContent).toBe('3 reviews');
    const item = await screen.findByTestId('review', {}, { timeout: 8000 });
    expect(within(item).getByText('Verified buyer')).toBeTruthy();
    expect(within(item).getByText('Colour: Teal')).toBeTruthy();
    expect(within(item).getByText('Happy travels!')).toBeTruthy();
    expect(within(item).getByText(/Edited/)).toBeTruthy();
    expect(within(item).getByRole('button', { name: /Helpful \(2\)/ })).toBeTruthy();
  });

  it('a histogram bar filters the list to its stars; bars without reviews are disabled', async () => {
    const calls = stubApi();
    render(<ProductReviews product={product} />, { session: { user: shopper } });
    await screen.findByTestId('review', {}, { timeout: 8000 });
    expect((screen.getByRole('button', { name: /^1 star: 0 reviews/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /^5 stars: 1 review \(33%\)/ }));
    await vi.waitFor(() => expect(calls.filtered()).toBe(true));
    expect(screen.getByRole('button', { name: /^5 stars/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('the author does not get a Helpful button on their own review', async () => {
    stubApi();
    const user = { _id: 'u9', role: 'customer' } as User;
    render(<ProductReviews product={product} />, { session: { user } });
    const item = await screen.findByTestId('review', {}, { timeout: 8000 });
    expect(within(item).queryByRole('button', { name: /Helpful/ })).toBeNull();
  });
});
