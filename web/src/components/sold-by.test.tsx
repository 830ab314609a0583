import type { SellerInfo } from '@bagshop/domain';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '../testing/render';
import { ReturnsTerm } from './sold-by';

vi.mock('../lib/delivery-api', () => ({
  getSellerInfo: () => Promise.resolve({ legalName: 'Bagshop Retail LLP', returnWindowDays: 7 } as SellerInfo),
}));

// The product page's "Returns" term (docs/returns.md): what a shopper reads before buying.
describe('ReturnsTerm', () => {
  it("shows the seller's return window for a returnable product", async () => {
    render(
      <dl>
        <ReturnsTerm />
      </dl>,
    );
    expect(await screen.findByRole('link', { name: '7-day returns' })).toHaveAttribute('href', '/returns');
  });

  it('shows why a product cannot be returned, instead of the window', async () => {
    render(
      <dl>
        <ReturnsTerm returnable={false} reason="Personalised with your initials" />
      </dl>,
    );
    expect(screen.getByTestId('return-policy')).toHaveTextContent('Not returnable: Personalised with your initials');
    expect(screen.queryByRole('link', { name: /returns/ })).not.toBeInTheDocument();
  });
});
