import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { PlaceholderPage } from '../components/placeholder-page';
import { RouteLoader } from '../components/route-loader';
import { ShopLayout } from './layouts/shop-layout';

const HomePage = lazy(() => import('../features/catalog/components/home-page'));
const CategoryPage = lazy(() => import('../features/catalog/components/category-page'));
const AdminApp = lazy(() => import('../features/admin/admin-app'));

const placeholder = (path: string, title: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} />,
  handle: { title },
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <ShopLayout />,
    children: [
      { index: true, element: <HomePage />, handle: { title: 'Home' } },
      { path: 'luggage', element: <CategoryPage category="luggage" />, handle: { title: 'Luggage' } },
      { path: 'backpacks', element: <CategoryPage category="backpacks" />, handle: { title: 'Backpacks' } },
      { path: 'duffles', element: <CategoryPage category="duffles" />, handle: { title: 'Duffles' } },
      placeholder('product/:id', 'Product'),
      placeholder('cart', 'Cart'),
      placeholder('orders', 'My Orders'),
      placeholder('orders/:id', 'Order'),
      placeholder('auth', 'Sign In'),
      placeholder('forgot-password', 'Forgot Password'),
      placeholder('reset-password', 'Reset Password'),
      placeholder('payment-success', 'Payment'),
      placeholder('payment-cancel', 'Payment Cancelled'),
      placeholder('profile', 'Profile'),
      placeholder('change-password', 'Change Password'),
      placeholder('shipping', 'Shipping & Delivery'),
      placeholder('returns', 'Returns & Refunds'),
      placeholder('warranty', 'Lifetime Warranty'),
      placeholder('contact', 'Contact Us'),
      { path: '*', element: <NotFoundPage />, handle: { title: 'Page Not Found' } },
    ],
  },
  // The whole admin area is one lazy chunk with its own nested routes.
  {
    path: '/admin/*',
    element: (
      <Suspense fallback={<RouteLoader />}>
        <AdminApp />
      </Suspense>
    ),
    handle: { title: 'Admin' },
  },
];

export const router = createBrowserRouter(routes);
