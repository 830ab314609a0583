import type { CartLine, Product } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../../testing/render';
import { CartSummary } from './cart-summary';

const product = (id: string, price: number, discount: number, stock = 10): Product => ({
  _id: id,
  name: `Bag ${id}`,
  description: '',
  price,
  discount,
  category: 'luggage',
  stock,
  countryOfOrigin: 'India',
  image: { url: '/api/images/x', hash: 'x' },
  images: [{ url: '/api/images/x', hash: 'x' }],
  createdAt: '',
  updatedAt: '',
});

describe('CartSummary', () => {
  it("says '1 item', shows list price, discount, free shipping and the sale-price total", () => {
    const lines: CartLine[] = [{ product: product('a', 4999, 1500), quantity: 1 }];
    render(<CartSummary lines={lines} onCheckout={() => {}} onClear={() => {}} />);
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(screen.getByText('Items subtotal').nextSibling).toHaveTextContent('₹4,999');
    expect(screen.getByText('Discount').nextSibling).toHaveTextContent('−₹1,500');
    expect(screen.getByText('Shipping').nextSibling).toHaveTextContent('Free');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('₹3,499');
  });

  it("counts quantities ('3 items'), sums lines and wires the buttons", async () => {
    const lines: CartLine[] = [
      { product: product('a', 2000, 500), quantity: 2 },
      { product: product('b', 125000, 0), quantity: 1 },
    ];
    const onCheckout = vi.fn();
    const onClear = vi.fn();
    render(<CartSummary lines={lines} onCheckout={onCheckout} onClear={onClear} />);
    expect(screen.getByText('3 items')).toBeInTheDocument();
    expect(screen.getByText('Items subtotal').nextSibling).toHaveTextContent('₹1,29,000');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('₹1,28,000');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(onCheckout).toHaveBeenCalledOnce();
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('blocks checkout while a line wants more than the stock', () => {
    render(<CartSummary lines={[{ product: product('a', 1000, 0, 1), quantity: 3 }]} onCheckout={() => {}} onClear={() => {}} />);
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });

  it('with the server’s pricing: each offer with its real end date, the total before and after side by side, the online saving', () => {
    const lines: CartLine[] = [{ product: product('a', 3000, 0), quantity: 1 }];
    const pricing = {
      subtotalPaise: 300000,
      discounts: [{ offerId: 'w', code: 'WELCOME10', title: 'Welcome: 10 % off', amountPaise: 30000, endsAt: '2027-03-31T18:29:59.999Z' }],
      totalPaise: 270000,
      codTotalPaise: 270000,
      onlineTotalPaise: 256500,
      coupon: { code: 'WELCOME10', problem: null },
    };
    render(<CartSummary lines={lines} onCheckout={() => {}} onClear={() => {}} pricing={pricing} onPricing={() => {}} />);
    expect(screen.getByText('Code WELCOME10: Welcome: 10 % off')).toBeInTheDocument();
    expect(screen.getByText('Ends 31 March 2027')).toBeInTheDocument();
    expect(screen.getByTestId('offer-total')).toHaveTextContent('₹3,000₹2,700');
    expect(screen.getByTestId('online-saving')).toHaveTextContent('Pay online and save ₹135 at checkout');
    expect(screen.getByText('Code WELCOME10 applied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });
});
