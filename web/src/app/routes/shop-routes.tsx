import type { RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../../components/not-found-page';
import { catalogRoutes } from './catalog-routes';
import { shopperRoutes } from './shopper-routes';

/** Every page inside the shop layout (paths relative to '/'); `handle.title` names the page. */
export const shopRoutes: RouteObject[] = [
  ...catalogRoutes,
  ...shopperRoutes,
  { path: '*', element: <NotFoundPage />, handle: { title: 'Page Not Found' } },
];
