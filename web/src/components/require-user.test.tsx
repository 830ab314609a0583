import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { User } from '@bagshop/domain';
import { render, screen } from '../testing/render';
import { RequireUser } from './require-user';

const routes = (
  <Routes>
    <Route
      path="/cart"
      element={
        <RequireUser>
          <p>Cart content</p>
        </RequireUser>
      }
    />
    <Route path="/auth" element={<p>Auth page</p>} />
  </Routes>
);

const shopper: User = {
  _id: 'u1',
  fullname: { firstname: 'Rahul', lastname: 'Sharma' },
  email: 'r@example.com',
  phonenumber: '9876543210',
  role: 'customer',
  createdAt: '',
};

describe('RequireUser', () => {
  it("sends a signed-out visitor to /auth with 'You are not logged in'", async () => {
    render(routes, { route: '/cart', session: {} });
    expect(await screen.findByText('Auth page')).toBeInTheDocument();
    expect(await screen.findByText('You are not logged in')).toBeInTheDocument();
  });

  it('shows a loader while the session loads, then the page for a signed-in user', () => {
    const { unmount } = render(routes, { route: '/cart', session: { loading: true } });
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    unmount();
    render(routes, { route: '/cart', session: { user: shopper } });
    expect(screen.getByText('Cart content')).toBeInTheDocument();
  });
});
