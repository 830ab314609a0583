import '../screen-styles';
import { applyListQuery, CATEGORIES, CATEGORY_LABELS, parseSearchText, searchApiPath, type Product } from '@bagshop/domain';
import { Box, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { usePreloaded } from '../../../lib/preloaded';
import { sameJson } from '../../../lib/same-json';
import { useListQuery } from '../hooks/use-list-query';
import { ProductResults } from './product-results';
import { searchProducts } from '../api/search-api';
import { SearchBox } from './search-box';

type State = { status: 'loading' } | { status: 'done'; q: string; products: Product[] } | { status: 'failed'; message: string };

/** /search?q=…: every match as the category pages' cards, with the same filters and sort. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const parsed = parseSearchText(params.get('q') ?? '');
  const q = parsed.ok ? parsed.q : '';
  // A server-rendered search page carries the results it was drawn from
  // (docs/decisions/0020-prerendered-public-pages.md): start from them, so the hydrating render
  // matches the HTML, then refresh as usual without showing the loader.
  const preloaded = usePreloaded<Product[]>(q ? searchApiPath(q) : '');
  const [state, setState] = useState<State>(() =>
    q && Array.isArray(preloaded) ? { status: 'done', q, products: preloaded } : { status: 'loading' },
  );
  const list = useListQuery();

  // Again once the results are in: the layout's PageTitle sets 'Search · Bagshop' after the first render.
  useEffect(() => {
    document.title = q ? `‘${q}’ · Search · Bagshop` : 'Search · Bagshop';
  }, [q, state.status]);

  useEffect(() => {
    if (!q) return;
    let live = true;
    setState((s) => (s.status === 'done' && s.q === q ? s : { status: 'loading' }));
    searchProducts(q).then(
      (products) =>
        live &&
        startTransition(() =>
          setState((s) => (s.status === 'done' && s.q === q && sameJson(s.products, products) ? s : { status: 'done', q, products })),
        ),
      (error: unknown) => live && setState({ status: 'failed', message: errorMessage(error, 'Search is not available right now') }),
    );
    return () => {
      live = false;
    };
  }, [q]);

  const shown = useMemo(
    () => (state.status === 'done' ? applyListQuery(state.products, list.query, { soldOutLast: false }) : []),
    [state, list.query],
  );

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
        ) : state.status === 'loading' ? (
          <Center py={80} mih="40vh">
            <Loader aria-label="Searching" />
          </Center>
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
          <ProductResults list={list} shown={shown} label={`Results for ${q}`} featuredLabel="Best match" />
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
