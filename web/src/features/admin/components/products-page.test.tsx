import type { Product } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '../../../testing/render';
import { getProducts, type AdminProduct } from '../api/admin-api';
import { ProductsPage } from './products-page';

vi.mock('../api/admin-api', () => ({ getProducts: vi.fn(), deleteProduct: vi.fn() }));
const load = vi.mocked(getProducts);

const product = (id: string, name: string, over: Partial<AdminProduct>): AdminProduct => {
  const base: Product = {
    _id: id,
    name,
    description: '',
    price: 3000,
    discount: 0,
    category: 'luggage',
    stock: 5,
    countryOfOrigin: 'China',
    image: { url: '/api/images/x', hash: 'x' },
    images: [{ url: '/api/images/x', hash: 'x' }],
    createdAt: '',
    updatedAt: '',
  };
  return { ...base, missingDeclarations: [], ...over };
};

afterEach(() => vi.clearAllMocks());

describe('ProductsPage: Draft / Published and the declarations filter', () => {
  it('badges each product and filters drafts and products missing declarations', async () => {
    load.mockResolvedValue([
      product('a', 'Complete Trolley', { published: true }),
      product('b', 'Bare Trolley', {
        published: false,
        missingDeclarations: [{ field: 'importer', message: 'Importer is required for goods made in China' }],
      }),
      // A draft by choice, though complete.
      product('c', 'Held Holdall', { published: false }),
    ]);
    render(<ProductsPage />);
    const table = await screen.findByRole('table', { name: 'Products' });
    const status = (name: string) => within(within(table).getByText(name).closest('tr') as HTMLElement).getByTestId('product-status');
    expect(status('Complete Trolley')).toHaveTextContent('Published');
    expect(status('Bare Trolley')).toHaveTextContent('Draft1 missing');
    expect(status('Held Holdall')).toHaveTextContent('Draft');

    const rows = () =>
      within(table)
        .queryAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-product-id'));
    await userEvent.click(screen.getByRole('radio', { name: 'Missing declarations' }));
    expect(rows()).toEqual(['b']);
    await userEvent.click(screen.getByRole('radio', { name: 'Drafts' }));
    expect(rows()).toEqual(['b', 'c']);
    await userEvent.click(screen.getByRole('radio', { name: 'Any status' }));
    expect(rows()).toEqual(['a', 'b', 'c']);
  });
});
