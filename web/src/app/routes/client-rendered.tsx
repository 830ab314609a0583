import { RouteLoader } from '../../components/route-loader';

// Screens drawn in the browser, not by the server (docs/decisions/0034-react-router-framework-mode.md):
// they need the signed-in user (Firebase Auth lives in the browser) or are the admin's. The
// function sends the layout with `HydrateFallback` in their place; the browser runs
// `clientLoader` (Mantine's whole stylesheet first, so nothing paints unstyled) and draws them.

export async function clientLoader(): Promise<null> {
  await import('../../lib/full-styles');
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <RouteLoader />;
}

/** `<title>` of a browser-drawn screen. */
export const titled = (title: string) => () => [{ title: `${title} · Bagshop` }];
