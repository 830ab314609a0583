import '../screen-styles';
import { applyListQuery, CATEGORIES, CATEGORY_LABELS, type Product } from '@bagshop/domain';
import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useListQuery } from '../hooks/use-list-query';
import { ProductResults } from './product-results';
import { SearchBox } from './search-box';

/**
 * /search?q=…: every match as the category pages' cards, with the same filters and sort. `q` and
 * `products` come from the route's loader (web/src/app/routes/search.tsx): null when the search
 * could not be made (`failed` says why).
 */
export default function SearchPage({ q, products, failed }: { q: string; products: Product[] | null; failed?: string }) {
  const list = useListQuery();
  const state = failed ? { status: 'failed' as const, message: failed } : { status: 'done' as const, products: products ?? [] };

  const shown = useMemo(() => applyListQuery(products ?? [], list.query, { soldOutLast: false }), [products, list.query]);

  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        {/* The header's box is there from 1024 px; below, the page has its own. */}
        <Box hiddenFrom="lg" maw={560}>
          <SearchBox key={q} id="page-search" initialValue={q} label="Search again" />
        </Box>
        <Title order={1} fz={{ base: 26, md: 34 }}>
          {q ? <>Results for ‘{q}’</> : 'Search'}
        </Title>
        {!q ? (
          <Browse lead="Type at least two letters in the search box, or browse a category:" />
        ) : state.status === 'failed' ? (
          <Text role="alert" c="red.9">
            {state.message}
          </Text>
        ) : state.products.length === 0 ? (
          <Stack gap="sm" py="xl">
            <Text fw={700} fz="lg">
              No bags match ‘{q}’
            </Text>
            <Browse lead="Check the spelling, try a shorter word, or browse a category:" />
          </Stack>
        ) : (
          <ProductResults list={list} shown={shown} all={state.products} label={`Results for ${q}`} featuredLabel="Best match" />
        )}
      </Stack>
    </Container>
  );
}

function Browse({ lead }: { lead: string }) {
  return (
    <Stack gap="sm">
      <Text c="gray.8">{lead}</Text>
      <Group gap="sm">
        {CATEGORIES.map((c) => (
          <Button key={c} component={Link} to={`/${c}`} variant="light">
            {CATEGORY_LABELS[c]}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
