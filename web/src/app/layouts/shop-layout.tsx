import { ActionIcon, Anchor, Box, Burger, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPackage, IconSearch, IconShoppingBag, IconShoppingCart, IconUserCircle } from '@tabler/icons-react';
import { Suspense, useContext, useRef, type ReactNode } from 'react';
import {
  Link,
  NavLink,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigate,
  useOutlet,
} from 'react-router';
import { RouteLoader } from '../../components/route-loader';
import { SearchBox } from '../../features/catalog/components/search-box';
import { SellerLine } from '../../features/disclosures/components/seller-line';
import { lazyPage } from '../../lib/lazy-page';
import { CATEGORY_LINKS } from './nav-links';
import classes from './shop-layout.module.css';

// The drawer (and Mantine's modal machinery) loads only when the menu is first opened.
const MobileMenu = lazyPage(() => import('./mobile-menu'));

export function ShopLayout({ children }: { children?: ReactNode }) {
  const [menuOpen, menu] = useDisclosure(false);
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Burger
                opened={menuOpen}
                onClick={menu.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              />
              <Anchor component={Link} to="/" className={classes.brand} underline="never" aria-label="Bagshop home">
                <IconShoppingBag size={26} stroke={2} aria-hidden />
                <span>Bagshop</span>
              </Anchor>
            </Group>
            <Group gap={4} visibleFrom="sm" component="nav" aria-label="Categories">
              {CATEGORY_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} className={classes.navLink}>
                  {link.label}
                </NavLink>
              ))}
            </Group>
            {/* Search: the box from 1024 px; between 640 and 1024 px an icon to the search page; below, in the menu. */}
            <Box visibleFrom="lg" className={classes.search}>
              <SearchBox id="header-search" />
            </Box>
            <HeaderIcons />
          </Group>
        </Container>
      </header>

      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpen} onClose={menu.close} />
        </Suspense>
      )}

      <main id="main" tabIndex={-1} className={classes.main}>
        <Suspense fallback={<RouteLoader />}>{children ?? <PageWithOverlay />}</Suspense>
      </main>
      <Footer />
    </div>
  );
}

/** Paths drawn as a dialog over the page they were opened from (docs/spec.md: /profile). */
const OVERLAYS = new Set(['/profile']);

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
  const navigate = useNavigate();
  const location = useLocation();
  // The profile dialog opens over the current page (shopper-routes renders it underneath).
  const openProfile = () =>
    void navigate('/profile', { state: { from: location.pathname === '/profile' ? '/' : `${location.pathname}${location.search}` } });
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        component={Link}
        to="/search"
        visibleFrom="sm"
        hiddenFrom="lg"
        variant="subtle"
        color="dark"
        size="xl"
        aria-label="Search"
        title="Search"
      >
        <IconSearch size={24} aria-hidden />
      </ActionIcon>
      <ActionIcon component={Link} to="/cart" variant="subtle" color="dark" size="xl" aria-label="Cart" title="Cart">
        <IconShoppingCart size={24} aria-hidden />
      </ActionIcon>
      <ActionIcon component={Link} to="/orders" variant="subtle" color="dark" size="xl" aria-label="Orders" title="Orders">
        <IconPackage size={24} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="dark" size="xl" aria-label="Profile" title="Profile" onClick={openProfile}>
        <IconUserCircle size={26} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

const FOOTER_COLUMNS = [
  {
    title: 'Support',
    links: [
      { to: '/shipping', label: 'Shipping & Delivery' },
      { to: '/warranty', label: 'Lifetime Warranty' },
      { to: '/contact', label: 'Contact Us' },
      { to: '/grievance', label: 'Grievance Officer' },
    ],
  },
  {
    title: 'Policies',
    links: [
      { to: '/seller', label: 'Seller Information' },
      { to: '/privacy', label: 'Privacy Notice' },
      { to: '/returns', label: 'Returns Policy' },
      { to: '/refunds', label: 'Refund Policy' },
      { to: '/cancellation', label: 'Cancellation Policy' },
      { to: '/payments', label: 'Payments' },
    ],
  },
  { title: 'Quick Links', links: CATEGORY_LINKS },
  {
    title: 'Account',
    links: [
      { to: '/auth', label: 'Sign In' },
      { to: '/orders', label: 'My Orders' },
      { to: '/cart', label: 'Cart' },
    ],
  },
];

function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          {FOOTER_COLUMNS.map((column) => (
            <Stack key={column.title} gap={4} component="nav" aria-label={column.title}>
              <Text component="h2" fw={700} fz="md" c="white" m={0} mb={4}>
                {column.title}
              </Text>
              {column.links.map((link) => (
                <Link key={link.to} to={link.to} className={classes.footerLink}>
                  {link.label}
                </Link>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <SellerLine />
        <Text size="sm" c="gray.4" mt="xs">
          © {new Date().getFullYear()} Bagshop · Free shipping on all orders across India · Prices in ₹ include GST
        </Text>
      </Container>
    </footer>
  );
}
