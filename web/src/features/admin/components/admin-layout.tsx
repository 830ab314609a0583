import { AppShell, Burger, Group, NavLink, ScrollArea, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconBuildingStore,
  IconHome,
  IconLayoutDashboard,
  IconListDetails,
  IconLogout,
  IconMessageReport,
  IconMessages,
  IconPackages,
  IconReceiptTax,
  IconTicket,
  IconStar,
  IconTruckDelivery,
  IconUsers,
  IconShieldCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../../lib/session';

const LINKS = [
  { to: '/', label: 'Home', icon: IconHome, exact: true },
  { to: '/admin/dashboard', label: 'Dashboard', icon: IconLayoutDashboard, exact: true },
  { to: '/admin', label: 'All Orders', icon: IconListDetails, exact: true },
  { to: '/admin/users', label: 'Users', icon: IconUsers, exact: true },
  { to: '/admin/products', label: 'Products', icon: IconPackages, exact: true },
  { to: '/admin/delivery', label: 'Delivery', icon: IconTruckDelivery, exact: true },
  { to: '/admin/complaints', label: 'Complaints', icon: IconMessageReport, exact: true },
  { to: '/admin/messages', label: 'Messages', icon: IconMessages, exact: true },
  { to: '/admin/reviews', label: 'Reviews', icon: IconStar, exact: true },
  { to: '/admin/returns', label: 'Returns', icon: IconArrowBackUp, exact: true },
  { to: '/admin/warranty', label: 'Warranty', icon: IconShieldCheck, exact: true },
  { to: '/admin/offers', label: 'Offers', icon: IconTicket, exact: true },
  { to: '/admin/tax', label: 'Tax', icon: IconReceiptTax, exact: true },
  { to: '/admin/settings', label: 'Seller settings', icon: IconBuildingStore, exact: true },
] as const;

/** Collapsible sidebar (a Burger on every width) and the 'Admin Panel' header. */
export function AdminLayout({ children, onLogout }: { children: ReactNode; onLogout: () => void }) {
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);
  const { user } = useSession();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !mobileOpen, desktop: !desktopOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={mobileOpen} onClick={mobile.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle sidebar" />
            <Burger opened={desktopOpen} onClick={desktop.toggle} visibleFrom="sm" size="sm" aria-label="Toggle sidebar" />
            <Title order={1} fz="h3">
              Admin Panel
            </Title>
          </Group>
          <Text fw={500} truncate>
            Hello, {user?.fullname.firstname ?? 'Admin'}
          </Text>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Admin">
        <AppShell.Section grow component={ScrollArea}>
          {LINKS.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              leftSection={<link.icon size={18} stroke={1.7} />}
              active={link.to !== '/' && path === link.to}
              onClick={mobile.close}
              variant="light"
              styles={{ root: { borderRadius: 8 } }}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <UnstyledButton
            onClick={onLogout}
            w="100%"
            p="xs"
            style={{ display: 'flex', alignItems: 'center', gap: 12, borderRadius: 8, color: 'var(--mantine-color-red-7)' }}
          >
            <IconLogout size={18} stroke={1.7} />
            <Text size="sm" fw={500}>
              Logout
            </Text>
          </UnstyledButton>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">{children}</AppShell.Main>
    </AppShell>
  );
}
