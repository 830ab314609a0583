import { ActionIcon, Anchor, AppShell, Box, Burger, Container, Drawer, Group, SimpleGrid, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPackage, IconShoppingBag, IconShoppingCart, IconUserCircle } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { RouteLoader } from '../../components/route-loader';
import { useSession } from '../../lib/session';
import classes from './shop-layout.module.css';

const CATEGORY_LINKS = [
  { to: '/luggage', label: 'Luggage' },
  { to: '/backpacks', label: 'Backpacks' },
  { to: '/duffles', label: 'Duffles' },
];

export function ShopLayout() {
  const [menuOpen, menu] = useDisclosure(false);
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <PageTitle />
      <AppShell.Header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Burger opened={menuOpen} onClick={menu.toggle} hiddenFrom="sm" size="sm" aria-label="Open menu" />
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
            <HeaderIcons />
          </Group>
        </Container>
      </AppShell.Header>

      <Drawer opened={menuOpen} onClose={menu.close} title="Bagshop" size="xs" hiddenFrom="sm">
        <Stack component="nav" aria-label="Categories" gap="xs">
          {CATEGORY_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.drawerLink} onClick={menu.close}>
              {link.label}
            </NavLink>
          ))}
          <NavLink to="/cart" className={classes.drawerLink} onClick={menu.close}>
            Cart
          </NavLink>
          <NavLink to="/orders" className={classes.drawerLink} onClick={menu.close}>
            Orders
          </NavLink>
        </Stack>
      </Drawer>

      <AppShell.Main>
        <Box component="main" id="main" mih="calc(100dvh - 64px)">
          <Suspense fallback={<RouteLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}

function HeaderIcons() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  // The profile dialog opens over the current page (shopper-routes renders it underneath).
  const openProfile = () =>
    navigate('/profile', { state: { from: location.pathname === '/profile' ? '/' : `${location.pathname}${location.search}` } });
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Cart">
        <ActionIcon component={Link} to="/cart" variant="subtle" size="lg" aria-label="Cart">
          <IconShoppingCart size={22} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Orders">
        <ActionIcon component={Link} to="/orders" variant="subtle" size="lg" aria-label="Orders">
          <IconPackage size={22} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={user ? `${user.fullname.firstname}'s profile` : 'Profile'}>
        <ActionIcon variant="subtle" size="lg" aria-label="Profile" onClick={openProfile}>
          <IconUserCircle size={24} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

const FOOTER_COLUMNS = [
  {
    title: 'Support',
    links: [
      { to: '/shipping', label: 'Shipping & Delivery' },
      { to: '/returns', label: 'Returns & Refunds' },
      { to: '/warranty', label: 'Lifetime Warranty' },
      { to: '/contact', label: 'Contact Us' },
    ],
  },
  {
    title: 'Quick Links',
    links: [
      { to: '/luggage', label: 'Luggage' },
      { to: '/backpacks', label: 'Backpacks' },
      { to: '/duffles', label: 'Duffles' },
    ],
  },
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
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xl">
          {FOOTER_COLUMNS.map((column) => (
            <Stack key={column.title} gap={6}>
              <Text fw={700} c="white">
                {column.title}
              </Text>
              {column.links.map((link) => (
                <UnstyledButton key={link.to} component={Link} to={link.to} className={classes.footerLink}>
                  {link.label}
                </UnstyledButton>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="sm" c="gray.5" mt="xl">
          © {new Date().getFullYear()} Bagshop · Free shipping across India · Prices in ₹ include GST
        </Text>
      </Container>
    </Box>
  );
}
