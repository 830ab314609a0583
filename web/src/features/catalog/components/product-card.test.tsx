import type { Product } from '@bagshop/domain';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '../../../testing/render';
import { PriceBlock } from './price-block';
import { ProductCard } from './product-card';

function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    name: 'Voyager Cabin Trolley',
    description: 'A cabin trolley.',
    price: 5000,
    discount: 1000,
    category: 'luggage',
    stock: 12,
    countryOfOrigin: 'India',
    image: { url: '/api/images/abc', hash: 'abc' },
    images: [{ url: '/api/images/abc', hash: 'abc' }],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

// Intl may use a narrow no-break space; compare on normalised text.
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('PriceBlock', () => {
  it('shows the sale price, the struck price and the saving when discounted', () => {
    const { container } = render(<PriceBlock price={5000} discount={1000} />);
    expect(text(screen.getByTestId('sale-price'))).toBe('₹4,000');
    const struck = container.querySelector('s');
    expect(struck && text(struck)).toBe('₹5,000');
    expect(screen.getByText(/Save/).textContent).toMatch(/Save ₹1,000/);
  });

  it('shows one price and no saving without a discount', () => {
    const { container } = render(<PriceBlock price={129999} discount={0} />);
    expect(text(screen.getByTestId('sale-price'))).toBe('₹1,29,999');
    expect(container.querySelector('s')).toBeNull();
    expect(screen.queryByText(/Save/)).toBeNull();
  });
});

describe('ProductCard', () => {
  it('shows a discounted product: name link, % off, category, prices, add to cart', () => {
    const onAdd = vi.fn();
    render(<ProductCard product={product()} onAdd={onAdd} />);
    const card = screen.getByRole('article', { name: 'Voyager Cabin Trolley' });
    expect(within(card).getByRole('link', { name: 'Voyager Cabin Trolley' })).toHaveAttribute('href', '/product/p1');
    expect(within(card).getByText('20% OFF')).toBeInTheDocument();
    expect(within(card).getByText('Luggage')).toBeInTheDocument();
    expect(within(card).queryByText('DEAL')).toBeNull();
    expect(within(card).queryByText('PREMIUM')).toBeNull();
    expect(within(card).getByText(/Save/).textContent).toMatch(/₹1,000/);
    fireEvent.click(within(card).getByRole('button', { name: /Add to cart/ }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ _id: 'p1' }));
  });

  it("posts the product page's form before the app runs: to the product, quantity 1, intent add", () => {
    render(<ProductCard product={product()} onAdd={() => {}} />);
    const button = screen.getByRole('button', { name: /Add to cart/ });
    const form = button.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/product/p1');
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('name', 'intent');
    expect(button).toHaveAttribute('value', 'add');
    expect(form?.querySelector('input[name="quantity"]')).toHaveValue('1');
  });

  it('shows no percent badge and no saving without a discount', () => {
    render(<ProductCard product={product({ discount: 0 })} onAdd={() => {}} />);
    expect(screen.queryByText(/% OFF/)).toBeNull();
    expect(screen.queryByText(/Save/)).toBeNull();
  });

  it('cannot add an out-of-stock product', () => {
    const onAdd = vi.fn();
    render(<ProductCard product={product({ stock: 0 })} onAdd={onAdd} />);
    const button = screen.getByRole('button', { name: /Out of stock/ });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull();
  });

  it('warns when only a few are left', () => {
    render(<ProductCard product={product({ stock: 3 })} onAdd={() => {}} />);
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
  });

  it('always marks a duffle ADVENTURE (and never DEAL)', () => {
    render(<ProductCard product={product({ category: 'duffles', discount: 1600 })} onAdd={() => {}} />);
    expect(screen.getByText('ADVENTURE')).toBeInTheDocument();
    expect(screen.getByText('Duffles')).toBeInTheDocument();
    expect(screen.queryByText('DEAL')).toBeNull();
  });

  it('marks 35 % off as PREMIUM, and luggage at 30 % or more as DEAL', () => {
    render(<ProductCard product={product({ discount: 1750 })} onAdd={() => {}} />);
    expect(screen.getByText('35% OFF')).toBeInTheDocument();
    expect(screen.getByText('PREMIUM')).toBeInTheDocument();
    expect(screen.getByText('DEAL')).toBeInTheDocument();
  });

  it('gives a backpack at 36 % PREMIUM but no DEAL', () => {
    render(<ProductCard product={product({ category: 'backpacks', discount: 1800 })} onAdd={() => {}} />);
    expect(screen.getByText('PREMIUM')).toBeInTheDocument();
    expect(screen.queryByText('DEAL')).toBeNull();
  });
});
