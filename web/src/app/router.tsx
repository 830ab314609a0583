import { Suspense } from 'react';
import { useLocation, useRoutes, type Location, type RouteObject } from 'react-router-dom';
import { RouteLoader } from '../components/route-loader';
import { lazyPage } from '../lib/lazy-page';
import { ShopLayout } from './layouts/shop-layout';
import { ProfileRoute } from './routes/shopper-routes';
import { shopRoutes } from './routes/shop-routes';

const AdminApp = lazyPage('admin-app', () => import('../features/admin/admin-app'));

export const routes: RouteObject[] = [
  { path: '/', element: <ShopLayout />, children: shopRoutes },
  // The whole admin area is one lazy chunk with its own nested routes.
  {
    path: '/admin/*',
    element: (
      <Suspense fallback={<RouteLoader />}>
        <AdminApp />
      </Suspense>
    ),
  },
];

export const PROFILE_PATH = '/profile';

/**
 * /profile is a dialog over a page: the one it was opened from (`state.from`, set by the
 * profile icon and the menu), or the home page on a direct visit. Returns that page's location.
 */
export function profileBackground(location: Location): Location | null {
  if (location.pathname.replace(/\/+$/, '') !== PROFILE_PATH) return null;
  const from = (location.state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' && from.startsWith('/') && !from.startsWith(PROFILE_PATH) ? from : '/';
  const url = new URL(target, 'http://bagshop.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: `${location.key}-background` };
}

/**
 * The app's routes (declarative react-router: the data router's extra ~17 KB gz bought us
 * nothing). The page is always rendered for an explicit location, so opening the profile
 * dialog over a page keeps that page mounted as it was (same element tree, no refetch),
 * whatever its URL parameters (/product/:id, /orders/:id).
 */
export function AppRoutes() {
  const location = useLocation();
  const background = profileBackground(location);
  const page = useRoutes(routes, background ?? location);
  return (
    <>
      {page}
      {background && (
        <Suspense fallback={null}>
          <ProfileRoute />
        </Suspense>
      )}
    </>
  );
}
