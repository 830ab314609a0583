import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { RouteLoader } from '../components/route-loader';
import { ShopLayout } from './layouts/shop-layout';
import { catalogRoutes } from './routes/catalog-routes';
import { shopperRoutes } from './routes/shopper-routes';

const AdminApp = lazy(() => import('../features/admin/admin-app'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <ShopLayout />,
    children: [...catalogRoutes, ...shopperRoutes, { path: '*', element: <NotFoundPage />, handle: { title: 'Page Not Found' } }],
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
