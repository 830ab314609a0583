import { IconMenu2, IconPackage, IconSearch, IconShoppingBag, IconShoppingCart, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useContext, useRef, type ReactNode } from 'react';
import {
  Link,
  NavLink,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useOutlet,
} from 'react-router';
import { RouteLoader } from '../../components/route-loader';
import { SearchBox } from '../../features/catalog/components/search-box';
import { useI18n } from '../../lib/i18n';
import { LanguageSwitch } from './language-switch';
import { MENU_ID, MobileMenu } from './mobile-menu';
import { CATEGORY_LINKS } from './nav-links';
import classes from './shop-layout.module.css';

// The footer is below the fold on every page: its own chunk and Suspense boundary, hydrated
// after the header and the page (docs/decisions/0036-what-hydrates-when.md). The server draws it
// with the page; until its chunk is in, React keeps the server's markup as it is.
const Footer = lazy(() => import('./footer'));

export function ShopLayout({ children }: { children?: ReactNode }) {
  const { t, path } = useI18n();
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        {t('layout.skip')}
      </a>
      {/* Plain elements styled with Mantine's CSS variables (shop-layout.module.css): the header
          draws boxes only, so it renders no Mantine component (docs/decisions/0036-what-hydrates-when.md). */}
      <header className={classes.header}>
        <div className={classes.headerInner}>
          <div className={classes.headerStart}>
            {/* A native popover button: opens the menu before, during and after hydration. */}
            <button type="button" className={classes.menuButton} popoverTarget={MENU_ID} aria-label={t('layout.openMenu')}>
              <IconMenu2 size={24} aria-hidden />
            </button>
            <Link to={path('/')} className={classes.brand} aria-label={t('layout.home')}>
              <IconShoppingBag size={26} stroke={2} aria-hidden />
              <span>Bagshop</span>
            </Link>
          </div>
          <nav className={classes.categories} aria-label={t('layout.categories')}>
            {CATEGORY_LINKS.map((link) => (
              <NavLink key={link.to} to={path(link.to)} className={classes.navLink}>
                {t(link.label)}
              </NavLink>
            ))}
          </nav>
          {/* Search: the box from 1024 px; between 640 and 1024 px an icon to the search page; below, in the menu. */}
          <div className={classes.search}>
            <SearchBox id="header-search" />
          </div>
          <HeaderIcons />
        </div>
      </header>

      <MobileMenu />

      <main id="main" tabIndex={-1} className={classes.main}>
        <Suspense fallback={<RouteLoader />}>{children ?? <PageWithOverlay />}</Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}

/** Paths drawn as a dialog over the page they were opened from (docs/spec.md: /profile). */
const OVERLAYS = new Set(['/profile', '/hi/profile']);

/**
 * The route's page; on /profile, the page the shopper was on stays underneath the dialog, as
 * it was: its element, its location and the router's data of that moment (the router itself
 * has moved on to /profile and no longer holds that page's loader data). Opened directly,
 * /profile has no page underneath. The tree's shape is the same either way, so the page
 * underneath is not drawn again from scratch and keeps its state.
 */
function PageWithOverlay() {
  const outlet = useOutlet();
  const location = useLocation();
  const routerState = useContext(DataRouterStateContext);
  const locationContext = useContext(LocationContext);
  const current = { outlet, routerState, locationContext };
  const kept = useRef<typeof current | null>(null);
  const overlay = OVERLAYS.has(location.pathname);
  // The page underneath is what was drawn last: a ref, not state, so keeping it costs no extra render.
  if (!overlay) kept.current = current;
  const page = overlay ? kept.current : current;
  return (
    <>
      {page && (
        <DataRouterStateContext.Provider value={page.routerState}>
          <LocationContext.Provider value={page.locationContext}>{page.outlet}</LocationContext.Provider>
        </DataRouterStateContext.Provider>
      )}
      {overlay && outlet}
    </>
  );
}

function HeaderIcons() {
  const location = useLocation();
  const { t, path } = useI18n();
  // The profile dialog opens over the current page (PageWithOverlay). A link: before the app
  // runs it loads /profile as a page; once it runs, the dialog opens over this one.
  const from = OVERLAYS.has(location.pathname) ? path('/') : `${location.pathname}${location.search}`;
  return (
    <div className={classes.icons}>
      <LanguageSwitch className={classes.languageLink} />
      <Link
        to={path('/search')}
        className={`${classes.iconLink} ${classes.searchLink}`}
        aria-label={t('layout.search')}
        title={t('layout.search')}
      >
        <IconSearch size={24} aria-hidden />
      </Link>
      <Link to={path('/cart')} className={classes.iconLink} aria-label={t('layout.cart')} title={t('layout.cart')}>
        <IconShoppingCart size={24} aria-hidden />
      </Link>
      <Link to={path('/orders')} className={classes.iconLink} aria-label={t('layout.orders')} title={t('layout.orders')}>
        <IconPackage size={24} aria-hidden />
      </Link>
      <Link
        to={path('/profile')}
        state={{ from }}
        className={classes.iconLink}
        aria-label={t('layout.profile')}
        title={t('layout.profile')}
      >
        <IconUserCircle size={26} aria-hidden />
      </Link>
    </div>
  );
}
