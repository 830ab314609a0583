import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { ScreenError } from '../../lib/screen-boundary';
import { ShopLayout } from '../layouts/shop-layout';

/** Every shop page inside the header, menu and footer (web/src/app/routes.ts). */
export default function ShopLayoutRoute() {
  return <ShopLayout />;
}

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
