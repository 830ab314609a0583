import '../screen-styles';
import { applyListQuery, type Category, type Product } from '@bagshop/domain';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useListQuery } from '../hooks/use-list-query';
import classes from './category-page.module.css';
import { ProductResults } from './product-results';
import { PromiseBand } from './promise-band';

export const HEROES: Record<Category, { title: string; tagline: string }> = {
  luggage: { title: 'Luggage Bags', tagline: 'From weekend getaways to world tours — we’ve got your back.' },
  backpacks: { title: 'Backpacks', tagline: 'Because every great story starts with what you carry.' },
  duffles: { title: 'Duffles', tagline: 'Strong enough for your gear. Stylish enough for your grind.' },
};

/** A category's products (the route's loader: web/src/app/routes/category.tsx), filtered and sorted as the URL says. */
export default function CategoryPage({ category, products }: { category: Category; products: Product[] }) {
  const list = useListQuery();
  // Filtered and sorted here, with the API's own rules (domain catalog-query): instant, and
  // the page keeps one cacheable list per category.
  const shown = useMemo(() => applyListQuery(products, list.query), [products, list.query]);
  const hero = HEROES[category];
  return (
    <>
      <Box className={classes.hero} data-category={category}>
        <Container size="xl" py={{ base: 32, md: 48 }}>
          <Stack gap={6} maw={720}>
            <Title order={1} fz={{ base: 30, md: 44 }}>
              {hero.title}
            </Title>
            <Text fz={{ base: 'md', md: 'lg' }} c="gray.8">
              {hero.tagline}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container size="xl" py="xl">
        {products.length === 0 ? (
          <Stack align="center" py={80} gap={4} ta="center">
            <Text fw={700} fz="lg">
              No products available in this category.
            </Text>
            <Text c="gray.7">Check back soon for new adventures!</Text>
          </Stack>
        ) : (
          <ProductResults list={list} shown={shown} all={products} label={hero.title} />
        )}
        {category === 'duffles' && <PromiseBand title="Delivery & shipping" />}
      </Container>
    </>
  );
}
