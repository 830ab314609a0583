import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SellerLine } from '../../features/disclosures/components/seller-line';
import { CATEGORY_LINKS } from './nav-links';
import classes from './shop-layout.module.css';

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
      { to: '/wishlist', label: 'Wishlist' },
      { to: '/cart', label: 'Cart' },
    ],
  },
];

/** The shop's footer: its own chunk, hydrated after the page (app/layouts/shop-layout.tsx). */
export default function Footer() {
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
