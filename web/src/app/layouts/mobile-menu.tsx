import { Box, Drawer, Stack } from '@mantine/core';
import { NavLink, useLocation } from 'react-router-dom';
import { SearchBox } from '../../features/catalog/components/search-box';
import { CATEGORY_LINKS } from './nav-links';
import classes from './shop-layout.module.css';

const MENU_LINKS = [
  ...CATEGORY_LINKS,
  { to: '/cart', label: 'Cart' },
  { to: '/orders', label: 'Orders' },
  { to: '/profile', label: 'Profile' },
];

export default function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const location = useLocation();
  // The profile dialog opens over the current page (app/router.tsx).
  const from = `${location.pathname}${location.search}`;
  return (
    <Drawer opened={opened} onClose={onClose} title="Bagshop" size="xs" closeButtonProps={{ 'aria-label': 'Close menu' }}>
      <Box mb="md">
        <SearchBox id="menu-search" onDone={onClose} />
      </Box>
      <Stack component="nav" aria-label="Menu" gap="xs">
        {MENU_LINKS.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            state={link.to === '/profile' ? { from } : undefined}
            className={classes.drawerLink}
            onClick={onClose}
          >
            {link.label}
          </NavLink>
        ))}
      </Stack>
    </Drawer>
  );
}
