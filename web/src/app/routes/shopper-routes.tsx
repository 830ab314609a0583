import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

// A shopper's own things: sign-in and password pages, profile, cart, checkout results, orders.
const placeholder = (path: string, title: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} />,
  handle: { title },
});

export const shopperRoutes: RouteObject[] = [
  placeholder('auth', 'Sign In'),
  placeholder('forgot-password', 'Forgot Password'),
  placeholder('reset-password', 'Reset Password'),
  placeholder('profile', 'Profile'),
  placeholder('change-password', 'Change Password'),
  placeholder('cart', 'Cart'),
  placeholder('payment-success', 'Payment'),
  placeholder('payment-cancel', 'Payment Cancelled'),
  placeholder('orders', 'My Orders'),
  placeholder('orders/:id', 'Order'),
];
