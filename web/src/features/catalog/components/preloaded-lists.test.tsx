import { categoryApiPath, searchApiPath, type Product } from '@bagshop/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreloadedProvider } from '../../../lib/preloaded';
import { render, screen, within } from '../../../testing/render';
import CategoryPage from './category-page';
import SearchPage from './search-page';

// The refresh after the first render never answers here: what is on screen is the preloaded data.
const apiData = vi.hoisted(() => vi.fn(() => new Promise<never>(() => {})));
vi.mock('../../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../../lib/api-client')>()), apiData }));

function product(id: string, name: string, overrides: Partial<Product> = {}): Product {
  return {
    _id: id,
    name,
    description: 'A bag.',
    price: 5000,
    discount: 1000,
    category: 'luggage',
    stock: 12,
    countryOfOrigin: 'India',
    image: { url: `/api/images/${id}`, hash: id },
    images: [{ url: `/api/images/${id}`, hash: id }],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const LIST = [product('a', 'Alpha Trolley', { price: 9000 }), product('b', 'Beta Trolley', { price: 3000 })];
const cardNames = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('pages a server rendered start from their preloaded data (decision 0020)', () => {
  afterEach(() => apiData.mockClear());

  it('searchApiPath is the path and query the browser asks for (URLSearchParams encoding)', () => {
    for (const q of ['trolley', 'cabin bag', "kid's (red) bag!", 'a+b&c=d', 'ümlaut ~ *.-_', '55 cm/69 cm']) {
      expect(searchApiPath(q)).toBe(`products/search?${new URLSearchParams({ q }).toString()}`);
    }
  });

  it('a category page shows its preloaded cards on the first render, in the URL’s order, and still refreshes', () => {
    render(
      <PreloadedProvider value={{ [categoryApiPath('luggage')]: LIST }}>
        <CategoryPage category="luggage" />
      </PreloadedProvider>,
      { route: '/luggage?sort=price_asc', session: {} },
    );
    expect(screen.queryByLabelText('Loading products')).toBeNull();
    expect(cardNames()).toEqual(['Beta Trolley', 'Alpha Trolley']);
    expect(apiData).toHaveBeenCalledWith(categoryApiPath('luggage'));
  });

  it('the search page shows its preloaded results on the first render, and still refreshes', () => {
    render(
      <PreloadedProvider value={{ [searchApiPath('trolley')]: LIST }}>
        <SearchPage />
      </PreloadedProvider>,
      { route: '/search?q=trolley', session: {} },
    );
    expect(screen.queryByLabelText('Searching')).toBeNull();
    expect(cardNames()).toEqual(['Alpha Trolley', 'Beta Trolley']);
    expect(apiData).toHaveBeenCalledWith('products/search', expect.objectContaining({ query: { q: 'trolley' } }));
  });

  it('without preloaded data the search page waits for the API as before', () => {
    render(<SearchPage />, { route: '/search?q=trolley', session: {} });
    expect(screen.getByLabelText('Searching')).toBeInTheDocument();
  });
});
