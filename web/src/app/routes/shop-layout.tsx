import { isRouteErrorResponse, useRouteError, type MetaFunction } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { ScreenError } from '../../lib/screen-boundary';
import { ShopLayout } from '../layouts/shop-layout';
import { titleTag } from './seo';

/** Every shop page inside the header, menu and footer (web/src/app/routes.ts). */
export default function ShopLayoutRoute() {
  return <ShopLayout />;
}

/** When a page's loader failed, this route's boundary draws it: its tags say so, and keep it out of search. */
export const meta: MetaFunction = ({ error, matches }) => {
  if (!error) return matches.find((m) => m?.id === 'root')?.meta ?? [];
  const title = isRouteErrorResponse(error) && error.status === 404 ? 'Page Not Found' : 'Something went wrong';
  return [...titleTag(title), { name: 'robots', content: 'noindex' }];
};

/** A page that is not there (an unknown product) or that failed: its message inside the layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <ShopLayout>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundPage />
      ) : (
        <ScreenError error={error} resetErrorBoundary={() => window.location.reload()} />
      )}
    </ShopLayout>
  );
}
