import { lazy } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { RequireUser } from '../../components/require-user';
import { catalogRoutes } from './catalog-routes';

// A shopper's own things: sign-in and password pages, profile, cart, checkout results, orders.
// Every screen is its own lazy chunk; cart and orders bring reactfire + Firestore with them.
const AuthPage = lazy(() => import('../../features/auth/components/auth-page'));
const ForgotPasswordPage = lazy(() => import('../../features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../../features/auth/components/reset-password-page'));
const ChangePasswordPage = lazy(() => import('../../features/auth/components/change-password-page'));
const ProfileRoute = lazy(() => import('../../features/account/components/profile-route'));
const CartScreen = lazy(() => import('./shopper/cart-screen'));
const OrdersScreen = lazy(() => import('./shopper/orders-screen'));
const PaymentSuccessPage = lazy(() => import('../../features/payments/components/payment-success-page'));
const PaymentCancelPage = lazy(() => import('../../features/payments/components/payment-cancel-page'));

/**
 * /profile is a dialog over the page the visitor came from: the profile icon passes
 * `state.from`, and that route's element is rendered underneath (the home page on a direct
 * visit). A page that needs URL parameters (a product, an order) cannot be rendered outside
 * its own URL, so the dialog shows over an empty page then.
 */
function ProfileScreen() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const pathname = from.split('?')[0] ?? '/';
  const candidates = [...catalogRoutes, ...shopperRoutes.filter((r) => r.path !== 'profile')];
  const match = matchRoutes(candidates, pathname)?.at(-1);
  const background = match && Object.keys(match.params).length === 0 ? match.route.element : null;
  return <ProfileRoute background={background} />;
}

export const shopperRoutes: RouteObject[] = [
  { path: 'auth', element: <AuthPage />, handle: { title: 'Sign In' } },
  { path: 'forgot-password', element: <ForgotPasswordPage />, handle: { title: 'Forgot Password' } },
  { path: 'reset-password', element: <ResetPasswordPage />, handle: { title: 'Reset Password' } },
  { path: 'profile', element: <ProfileScreen />, handle: { title: 'Profile' } },
  {
    path: 'change-password',
    element: (
      <RequireUser>
        <ChangePasswordPage />
      </RequireUser>
    ),
    handle: { title: 'Change Password' },
  },
  {
    path: 'cart',
    element: (
      <RequireUser>
        <CartScreen />
      </RequireUser>
    ),
    handle: { title: 'Cart' },
  },
  { path: 'payment-success', element: <PaymentSuccessPage />, handle: { title: 'Payment' } },
  { path: 'payment-cancel', element: <PaymentCancelPage />, handle: { title: 'Payment Cancelled' } },
  {
    path: 'orders',
    element: (
      <RequireUser>
        <OrdersScreen />
      </RequireUser>
    ),
    handle: { title: 'My Orders' },
  },
  {
    path: 'orders/:id',
    element: (
      <RequireUser>
        <OrdersScreen />
      </RequireUser>
    ),
    handle: { title: 'Order' },
  },
];
