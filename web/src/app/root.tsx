import './critical-styles';
import { localeOfPath, STATIC_PAGES } from '@bagshop/domain';
import { useContext, useEffect, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
  useLocation,
  useMatches,
  useRouteError,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { useNonce } from './nonce';
import { pageServices } from './page-data';
import { LanguageAlternates } from './language-alternates';
import { Providers } from './providers';
import type { RootData } from './routes/seo';

/**
 * The seller's public details, for the footer's line (legal name, address, GSTIN, contact):
 * drawn with every page on the server (issue 22 §4). Read once per page load, never again in
 * the browser (`shouldRevalidate`).
 */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<RootData> {
  const services = pageServices(context, request);
  const seller = await services.seller().catch(() => null);
  return { seller, origin: services.origin };
}

export const shouldRevalidate = () => false;

export const meta: MetaFunction = () => [{ title: STATIC_PAGES[0].title }, { name: 'description', content: STATIC_PAGES[0].description }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // The page's language is in its path (`/hi/...`: docs/i18n.md), on the server as in the browser.
  const lang = localeOfPath(useLocation().pathname);
  return (
    <html lang={lang} data-mantine-color-scheme="light">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#1971c2" />
        <meta name="color-scheme" content="light" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <RouteStyles />
        <Meta />
        <LanguageAlternates />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The matched routes' stylesheets, first in the head. As React resources (`precedence`) they
 * come before the framework's dozens of module preloads, which React places ahead of plain
 * `<link>`s: over HTTP/1.1's six connections the page's CSS (which the first paint waits for)
 * would otherwise queue behind the JavaScript. `<Links>` names them again (the browser
 * fetches each once).
 */
function RouteStyles() {
  const framework = useContext(FrameworkContext);
  const matches = useMatches();
  const hrefs = new Set<string>();
  for (const match of matches) {
    for (const href of framework?.manifest.routes[match.id]?.css ?? []) hrefs.add(href);
  }
  return (
    <>
      {[...hrefs].map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" />
      ))}
    </>
  );
}

/**
 * The app-owned sign that the page is live (hydrated, handlers attached): `<html data-live>`,
 * set by the root's first effect. Tests wait for it where they must; people never need to.
 */
function useLiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.live = 'true';
    // When it went live, for bench:web's "answers taps" (tests/bench/web-throttled.ts).
    performance.mark('bagshop:live');
    // Mantine's whole stylesheet is not asked for here: a public page carries the CSS of the
    // components it draws in the head; the screens drawn in the browser (routes/client-rendered.tsx)
    // and the parts loaded on demand (lib/lazy-page.tsx) load it themselves
    // (docs/decisions/0036-what-hydrates-when.md).
  }, []);
}

export default function App() {
  useLiveMarker();
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  useLiveMarker();
  return (
    <Providers>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundPage />
      ) : (
        <main style={{ padding: 32 }}>
          <h1>Something went wrong</h1>
          <p>This part of the shop stopped working. Please try again.</p>
        </main>
      )}
    </Providers>
  );
}
