import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SellerLine } from '../../features/disclosures/components/seller-line';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { LanguageSwitch } from './language-switch';
import { CATEGORY_LINKS } from './nav-links';
import classes from './shop-layout.module.css';

const FOOTER_COLUMNS: { title: MessageKey; links: { to: string; label: MessageKey }[] }[] = [
  {
    title: 'footer.support',
    links: [
      { to: '/shipping', label: 'footer.shipping' },
      { to: '/warranty', label: 'footer.warranty' },
      { to: '/contact', label: 'footer.contact' },
      { to: '/grievance', label: 'footer.grievance' },
    ],
  },
  {
    title: 'footer.policies',
    links: [
      { to: '/seller', label: 'footer.seller' },
      { to: '/privacy', label: 'footer.privacy' },
      { to: '/returns', label: 'footer.returns' },
      { to: '/refunds', label: 'footer.refunds' },
      { to: '/cancellation', label: 'footer.cancellation' },
      { to: '/payments', label: 'footer.payments' },
    ],
  },
  { title: 'footer.quickLinks', links: CATEGORY_LINKS },
  {
    title: 'footer.account',
    links: [
      { to: '/auth', label: 'footer.signIn' },
      { to: '/orders', label: 'footer.myOrders' },
      { to: '/wishlist', label: 'footer.wishlist' },
      { to: '/cart', label: 'footer.cart' },
    ],
  },
];

/** The shop's footer: its own chunk, hydrated after the page (app/layouts/shop-layout.tsx). */
export default function Footer() {
  const { t, path } = useI18n();
  return (
    <footer className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          {FOOTER_COLUMNS.map((column) => (
            <Stack key={column.title} gap={4} component="nav" aria-label={t(column.title)}>
              <Text component="h2" fw={700} fz="md" c="white" m={0} mb={4}>
                {t(column.title)}
              </Text>
              {column.links.map((link) => (
                <Link key={link.to} to={path(link.to)} className={classes.footerLink}>
                  {t(link.label)}
                </Link>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <SellerLine />
        <Text size="sm" c="gray.4" mt="xs">
          {t('footer.note', { year: new Date().getFullYear() })}
        </Text>
        <Text size="sm" c="gray.4" mt="xs">
          {t('layout.language')}: <LanguageSwitch className={classes.footerLink} />
        </Text>
      </Container>
    </footer>
  );
}
