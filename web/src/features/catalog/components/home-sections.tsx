import { CATEGORIES, CATEGORY_LABELS, LOW_STOCK_THRESHOLD, type Category, type Product } from '@bagshop/domain';
import { AspectRatio, Badge, Box, Button, Card, Container, Grid, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useProducts } from '../api/get-products';
import { useAddToCart } from '../hooks/use-add-to-cart';
import classes from './home-sections.module.css';
import { ProductsCarousel } from './products-carousel';
import { PromiseBand } from './promise-band';
import { ACCENT } from '../lib/colors';
import { pictureAttributes } from '../../../lib/picture';

const CATEGORY_BLURBS: Record<Category, string> = {
  luggage: 'Cabin and check-in trolleys that roll smoothly through every airport.',
  backpacks: 'Laptop, travel and trekking backpacks for the daily grind and the weekend trail.',
  duffles: 'Gym, weekender and expedition duffles that take a beating.',
};

function SectionTitle({ children, id }: { children: string; id: string }) {
  return (
    <Text component="h2" id={id} fz={{ base: 26, md: 32 }} fw={800} m={0} mb="lg">
      {children}
    </Text>
  );
}

/** The first product image of a category, to picture the category card. */
function coverOf(products: Product[], category: Category): Product | undefined {
  return products.find((p) => p.category === category);
}

export default function HomeSections() {
  const { products, loading, failed } = useProducts();
  const { add, pendingId } = useAddToCart();
  // No false urgency: 'Limited stock' only while a trolley really is down to its last few.
  const limited = products.some((p) => p.category === 'luggage' && p.stock > 0 && p.stock <= LOW_STOCK_THRESHOLD);
  return (
    <Container size="xl" py="xl">
      <Stack gap={56}>
        <section aria-labelledby="shop-products">
          <SectionTitle id="shop-products">Shop Products</SectionTitle>
          <ProductsCarousel products={products} loading={loading} failed={failed} onAdd={(p) => void add(p._id)} pendingId={pendingId} />
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
                Limited stock
              </Badge>
              <Text component="h2" id="new-arrivals" fz={{ base: 28, md: 40 }} fw={900} m={0} c="white">
                New Arrivals
              </Text>
              <Text fz={{ base: 'md', md: 'lg' }} mt="sm" c="gray.2" maw={560}>
                This season&apos;s hardshell trolleys have landed{limited ? ', some down to their last few' : ''}. Free shipping on all
                orders and express delivery to major cities.
              </Text>
              <Button component={Link} to="/luggage" size="md" mt="lg" variant="white" color="dark">
                Shop Now
              </Button>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }} visibleFrom="md">
              <img className={classes.promoImage} src="/hero-bag-480.webp" alt="" width={480} height={480} loading="lazy" />
            </Grid.Col>
          </Grid>
        </section>

        <section aria-labelledby="shop-by-category">
          <SectionTitle id="shop-by-category">Shop by Category</SectionTitle>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {CATEGORIES.map((category) => {
              const cover = coverOf(products, category);
              const label = CATEGORY_LABELS[category];
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
                      {CATEGORY_BLURBS[category]}
                    </Text>
                    <Button component={Link} to={`/${category}`} variant="light" color="blue" w="fit-content" mt="xs">
                      More
                      <VisuallyHidden> {label}</VisuallyHidden>
                    </Button>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        </section>

        <section aria-labelledby="brand-promo" className={`${classes.promo} ${classes.brand}`}>
          <Stack gap="sm" maw={720}>
            <Text component="h2" id="brand-promo" fz={{ base: 28, md: 40 }} fw={900} m={0}>
              Made to Carry More
            </Text>
            <Text fz={{ base: 'md', md: 'lg' }} c="gray.8">
              Every Bagshop bag is stitched and tested for a 5-year lifespan and covered by our lifetime warranty. Fast delivery, with a
              date for your PIN code before you pay, and all-India shipping.
            </Text>
            <Button component={Link} to="/backpacks" size="md" w="fit-content" mt="sm">
              Discover
            </Button>
          </Stack>
        </section>

        <PromiseBand />
      </Stack>
    </Container>
  );
}
