import { CATEGORIES, type Category } from '@bagshop/domain';
import { AspectRatio, Badge, Box, Card, Container, Grid, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import button from '../../../components/plain-button.module.css';
import { useAddToCart } from '../hooks/use-add-to-cart';
import type { HomeData } from '../lib/home-data';
import classes from './home-sections.module.css';
import { ProductsCarousel } from './products-carousel';
import { PromiseBand } from './promise-band';
import { warrantyHeadline } from '@bagshop/domain';
import { useWarrantyTerms } from '../../../components/sold-by';
import { ACCENT } from '../lib/colors';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { pictureAttributes } from '../../../lib/picture';

const CATEGORY_BLURBS: Record<Category, MessageKey> = {
  luggage: 'home.blurb.luggage',
  backpacks: 'home.blurb.backpacks',
  duffles: 'home.blurb.duffles',
};

function SectionTitle({ children, id }: { children: string; id: string }) {
  return (
    <Text component="h2" id={id} fz={{ base: 26, md: 32 }} fw={800} m={0} mb="lg">
      {children}
    </Text>
  );
}

/** The home page below the hero, drawn from the route's data (routes/home.tsx). */
export default function HomeSections({ data }: { data: HomeData }) {
  const { add, pendingId } = useAddToCart();
  const terms = useWarrantyTerms();
  const { t, path } = useI18n();
  // No false urgency: 'Limited stock' only while a trolley really is down to its last few.
  const { limited, covers, shipping } = data;
  return (
    <Container size="xl" py="xl">
      <Stack gap={56}>
        <section aria-labelledby="shop-products">
          <SectionTitle id="shop-products">{t('home.shopProducts')}</SectionTitle>
          {/* Its own boundary: hydrated apart from the sections after it. */}
          <Suspense fallback={null}>
            <ProductsCarousel data={data} onAdd={(p) => void add(p._id)} pendingId={pendingId} />
          </Suspense>
        </section>

        <section aria-labelledby="new-arrivals" className={`${classes.promo} ${classes.arrivals}`}>
          <Grid align="center" gap="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              {/* Kept in the layout while hidden, so the heading does not move when products load. */}
              <Badge
                color={ACCENT.warm}
                variant="filled"
                size="lg"
                mb="sm"
                style={{ visibility: limited ? 'visible' : 'hidden' }}
                aria-hidden={!limited}
              >
                {t('home.limitedStock')}
              </Badge>
              <Text component="h2" id="new-arrivals" fz={{ base: 28, md: 40 }} fw={900} m={0} c="white">
                {t('home.newArrivals')}
              </Text>
              <Text fz={{ base: 'md', md: 'lg' }} mt="sm" c="gray.2" maw={560}>
                {t('home.arrivalsText', {
                  limited: limited ? 'yes' : 'no',
                  freeShipping: shipping.freeTitle,
                  express: shipping.expressTitle ? 'yes' : 'no',
                })}
              </Text>
              <Link to={path('/luggage')} className={`${button.button} ${button.md} ${button.white} ${classes.cta}`}>
                {t('home.shopNow')}
              </Link>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }} visibleFrom="md">
              <img className={classes.promoImage} src="/hero-bag-480.webp" alt="" width={480} height={480} loading="lazy" />
            </Grid.Col>
          </Grid>
        </section>

        <section aria-labelledby="shop-by-category">
          <SectionTitle id="shop-by-category">{t('home.shopByCategory')}</SectionTitle>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {CATEGORIES.map((category) => {
              const cover = covers[category];
              const label = t(`nav.${category}`);
              return (
                <Card
                  key={category}
                  withBorder
                  radius="lg"
                  padding="lg"
                  className={classes.categoryCard}
                  component="article"
                  aria-labelledby={`cat-${category}`}
                >
                  <Card.Section className={classes.categoryMedia}>
                    <AspectRatio ratio={4 / 3}>
                      {cover ? (
                        <img
                          {...pictureAttributes(cover.image.url, 'tile')}
                          alt=""
                          className={classes.categoryImage}
                          width={400}
                          height={300}
                          loading="lazy"
                        />
                      ) : (
                        <Box />
                      )}
                    </AspectRatio>
                  </Card.Section>
                  <Stack gap={6} mt="md">
                    <Text component="h3" id={`cat-${category}`} fz="xl" fw={800} m={0}>
                      {label}
                    </Text>
                    <Text c="gray.7" fz="sm">
                      {t(CATEGORY_BLURBS[category])}
                    </Text>
                    <Link to={path(`/${category}`)} className={`${button.button} ${button.light} ${classes.more}`}>
                      {t('home.more')}
                      <VisuallyHidden> {label}</VisuallyHidden>
                    </Link>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        </section>

        <section aria-labelledby="brand-promo" className={`${classes.promo} ${classes.brand}`}>
          <Stack gap="sm" maw={720}>
            <Text component="h2" id="brand-promo" fz={{ base: 28, md: 40 }} fw={900} m={0}>
              {t('home.madeToCarry')}
            </Text>
            <Text fz={{ base: 'md', md: 'lg' }} c="gray.8">
              {t('home.brandText', { warranty: (warrantyHeadline(terms) ?? t('home.carePromise')).toLowerCase() })}
            </Text>
            <Link to={path('/backpacks')} className={`${button.button} ${button.md} ${classes.discover}`}>
              {t('home.discover')}
            </Link>
          </Stack>
        </section>

        <PromiseBand shipping={shipping} />
      </Stack>
    </Container>
  );
}
