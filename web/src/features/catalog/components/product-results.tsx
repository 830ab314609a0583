import type { Product } from '@bagshop/domain';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAddToCart } from '../hooks/use-add-to-cart';
import type { useListQuery } from '../hooks/use-list-query';
import { ListControls } from './list-controls';
import { OriginFilter } from './origin-filter';
import { ProductCard } from './product-card';

export interface ProductResultsProps {
  /** The page's filters and sort (`useListQuery`). */
  list: ReturnType<typeof useListQuery>;
  /** The products as filtered and sorted for the page. */
  shown: Product[];
  /** The list before the filters (the origin filter's counts). */
  all?: readonly Product[];
  /** The grid's accessible name. */
  label: string;
  /** The sort that keeps the list's own order ('Featured' on a category, 'Best match' in search). */
  featuredLabel?: string;
}

/**
 * A category's or a search's products: the filters and sort, then the cards (the first two
 * are the page's main pictures), or, when the filters match nothing, a way to clear them.
 */
export function ProductResults({ list, shown, all = shown, label, featuredLabel }: ProductResultsProps) {
  const { add, pendingId } = useAddToCart();
  return (
    <>
      <ListControls
        query={list.query}
        update={list.update}
        clearHref={list.clearHref}
        kept={list.kept}
        count={shown.length}
        featuredLabel={featuredLabel}
      />
      <OriginFilter products={all} query={list.query} hrefWith={list.hrefWith} />
      {shown.length === 0 ? (
        <Stack align="center" py={60} gap="sm" ta="center">
          <Text fw={700} fz="lg">
            No bags match these filters.
          </Text>
          <Button component={Link} to={list.clearHref} variant="light">
            Clear filters
          </Button>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" component="section" aria-label={label}>
          {shown.map((p, i) => (
            <ProductCard key={p._id} product={p} priority={i < 2} onAdd={(product) => void add(product._id)} adding={pendingId === p._id} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
