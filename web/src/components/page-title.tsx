import { useEffect } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';

/** Sets document.title from the `handle.title` of the deepest of `routes` matching the location. */
export function PageTitle({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matches = matchRoutes(routes, location) ?? [];
  const title = [...matches].reverse().find((m) => (m.route.handle as { title?: string } | undefined)?.title)?.route.handle as
    { title: string } | undefined;
  useEffect(() => {
    document.title = title ? `${title.title} · Bagshop` : 'Bagshop — Luggage, Backpacks & Duffles';
  }, [title]);
  return null;
}
