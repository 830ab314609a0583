import { type Category } from '@bagshop/domain';
import { Center, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useProducts } from '../api/get-products';
import { ProductCard } from './product-card';

const HEROES: Record<Category, { title: string; tagline: string }> = {
  luggage: { title: 'Luggage Bags', tagline: 'From weekend getaways to world tours — we’ve got your back.' },
  backpacks: { title: 'Backpacks', tagline: 'Because every great story starts with what you carry.' },
  duffles: { title: 'Duffles', tagline: 'Strong enough for your gear. Stylish enough for your grind.' },
};

export default function CategoryPage({ category }: { category: Category }) {
  const { products, loading } = useProducts(category);
  const hero = HEROES[category];
  return (
    <Container size="xl" py="xl">
      <Stack gap={4} mb="xl">
        <Title order={1}>{hero.title}</Title>
        <Text c="dimmed">{hero.tagline}</Text>
      </Stack>
      {loading ? (
        <Center py={80}>
          <Loader aria-label="Loading products" />
        </Center>
      ) : products.length === 0 ? (
        <Stack align="center" py={80} gap={4}>
          <Text fw={700}>No products available in this category.</Text>
          <Text c="dimmed">Check back soon for new adventures!</Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {products.map((p) => (
            <ProductCard key={p._id} product={p} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
