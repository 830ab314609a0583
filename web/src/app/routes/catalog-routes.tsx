import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

// Browsing: home, categories, product page, and the information pages of the footer.
const HomePage = lazy(() => import('../../features/catalog/components/home-page'));
const CategoryPage = lazy(() => import('../../features/catalog/components/category-page'));

export const catalogRoutes: RouteObject[] = [
  { index: true, element: <HomePage />, handle: { title: 'Home' } },
  { path: 'luggage', element: <CategoryPage category="luggage" />, handle: { title: 'Luggage' } },
  { path: 'backpacks', element: <CategoryPage category="backpacks" />, handle: { title: 'Backpacks' } },
  { path: 'duffles', element: <CategoryPage category="duffles" />, handle: { title: 'Duffles' } },
  { path: 'product/:id', element: <PlaceholderPage title="Product" />, handle: { title: 'Product' } },
  { path: 'shipping', element: <PlaceholderPage title="Shipping & Delivery" />, handle: { title: 'Shipping & Delivery' } },
  { path: 'returns', element: <PlaceholderPage title="Returns & Refunds" />, handle: { title: 'Returns & Refunds' } },
  { path: 'warranty', element: <PlaceholderPage title="Lifetime Warranty" />, handle: { title: 'Lifetime Warranty' } },
  { path: 'contact', element: <PlaceholderPage title="Contact Us" />, handle: { title: 'Contact Us' } },
];
