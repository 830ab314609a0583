import type { RouteObject } from 'react-router-dom';
import { HomePage } from '../../features/catalog/components/home-page';
import { lazyPage } from '../../lib/lazy-page';

// Browsing: home, categories, product page, and the information pages of the footer.
// The home page's hero is in the entry chunk (it holds the LCP image); the rest is lazy.
const CategoryPage = lazyPage('category-page', () => import('../../features/catalog/components/category-page'));
const ProductPage = lazyPage('product-page', () => import('../../features/catalog/components/product-page'));
const InfoPage = lazyPage('info-page', () => import('../../features/info/components/info-page'));
const SellerPage = lazyPage('seller-page', () => import('../../features/disclosures/components/seller-page'));
const GrievancePage = lazyPage('grievance-page', () => import('../../features/disclosures/components/grievance-page'));
const PrivacyPage = lazyPage('privacy-page', () => import('../../features/disclosures/components/privacy-page'));
const SearchPage = lazyPage('search-page', () => import('../../features/catalog/components/search-page'));

export const catalogRoutes: RouteObject[] = [
  { index: true, element: <HomePage />, handle: { title: 'Home' } },
  { path: 'luggage', element: <CategoryPage category="luggage" />, handle: { title: 'Luggage' } },
  { path: 'backpacks', element: <CategoryPage category="backpacks" />, handle: { title: 'Backpacks' } },
  { path: 'duffles', element: <CategoryPage category="duffles" />, handle: { title: 'Duffles' } },
  { path: 'product/:id', element: <ProductPage />, handle: { title: 'Product' } },
  { path: 'search', element: <SearchPage />, handle: { title: 'Search' } },
  { path: 'shipping', element: <InfoPage topic="shipping" />, handle: { title: 'Shipping & Delivery' } },
  { path: 'returns', element: <InfoPage topic="returns" />, handle: { title: 'Returns Policy' } },
  { path: 'refunds', element: <InfoPage topic="refunds" />, handle: { title: 'Refund Policy' } },
  { path: 'cancellation', element: <InfoPage topic="cancellation" />, handle: { title: 'Cancellation Policy' } },
  { path: 'seller', element: <SellerPage />, handle: { title: 'Seller Information' } },
  { path: 'grievance', element: <GrievancePage />, handle: { title: 'Grievance Officer' } },
  { path: 'privacy', element: <PrivacyPage />, handle: { title: 'Privacy Notice' } },
  { path: 'warranty', element: <InfoPage topic="warranty" />, handle: { title: 'Lifetime Warranty' } },
  { path: 'contact', element: <InfoPage topic="contact" />, handle: { title: 'Contact Us' } },
];
