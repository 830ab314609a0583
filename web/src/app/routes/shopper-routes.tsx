import type { RouteObject } from 'react-router-dom';
import { RequireUser } from '../../components/require-user';
import { lazyPage } from '../../lib/lazy-page';

// A shopper's own things: sign-in and password pages, profile, cart, checkout results, orders.
// Every screen is its own lazy chunk; cart and orders bring reactfire + Firestore with them.
const AuthPage = lazyPage('auth-page', () => import('../../features/auth/components/auth-page'));
const ForgotPasswordPage = lazyPage('forgot-password-page', () => import('../../features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazyPage('reset-password-page', () => import('../../features/auth/components/reset-password-page'));
const VerifyEmailPage = lazyPage('verify-email-page', () => import('../../features/auth/components/verify-email-page'));
const ChangePasswordPage = lazyPage('change-password-page', () => import('../../features/auth/components/change-password-page'));
/** The profile dialog: rendered by app/router.tsx over the page it was opened from. */
export const ProfileRoute = lazyPage('profile-route', () => import('../../features/account/components/profile-route'));
const CartScreen = lazyPage('cart-screen', () => import('./shopper/cart-screen'));
const OrdersScreen = lazyPage('orders-screen', () => import('./shopper/orders-screen'));
const PaymentSuccessPage = lazyPage('payment-success-page', () => import('../../features/payments/components/payment-success-page'));
const PaymentCancelPage = lazyPage('payment-cancel-page', () => import('../../features/payments/components/payment-cancel-page'));

export const shopperRoutes: RouteObject[] = [
  { path: 'auth', element: <AuthPage />, handle: { title: 'Sign In' } },
  { path: 'forgot-password', element: <ForgotPasswordPage />, handle: { title: 'Forgot Password' } },
  { path: 'reset-password', element: <ResetPasswordPage />, handle: { title: 'Reset Password' } },
  { path: 'verify-email', element: <VerifyEmailPage />, handle: { title: 'Verify Email' } },
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
