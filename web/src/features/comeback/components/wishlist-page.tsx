// `/wishlist` (signed in; docs/comeback.md "Wishlist"): each saved variant with its price now and
// when it was saved, its stock, Add to cart and Remove; an empty state that leads back to the bags.
import { Anchor, Card, Container, Group, Image, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatDateIN, formatINR } from '@bagshop/domain';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import button from '../../../components/plain-button.module.css';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { addLineToCart, getWishlist, removeWishlistItem, type WishlistEntry } from '../api/wishlist-api';

const rupees = (paise: number) => formatINR(Math.round(paise / 100));

function PriceNowAndThen({ entry }: { entry: WishlistEntry }) {
  if (!entry.variant) return <Text c="gray.7">No longer sold</Text>;
  const now = entry.variant.pricePaise;
  const then = entry.savedPricePaise;
  return (
    <Stack gap={2}>
      <Text fw={700} data-testid="price-now">
        {rupees(now)} now
      </Text>
      <Text fz="sm" c={now < then ? 'green.9' : 'gray.7'} data-testid="price-then">
        {now === then ? 'Same as when you saved it' : `${rupees(then)} when you saved it (${formatDateIN(entry.savedAt)})`}
      </Text>
    </Stack>
  );
}

function Item({ entry, onRemove, onAdd }: { entry: WishlistEntry; onRemove: () => void; onAdd: () => void }) {
  const name = entry.product?.name ?? 'A bag no longer sold';
  const href = `/product/${encodeURIComponent(entry.productId)}?variant=${encodeURIComponent(entry.variantId)}`;
  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="wishlist-item">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {entry.product?.image ? <Image src={entry.product.image} alt="" w={96} h={96} radius="sm" /> : null}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          {entry.product ? (
            <Anchor component={Link} to={href} fw={700} c="blue.8">
              {name}
            </Anchor>
          ) : (
            <Text fw={700}>{name}</Text>
          )}
          {entry.variant?.label && <Text fz="sm">{entry.variant.label}</Text>}
          <PriceNowAndThen entry={entry} />
          {entry.variant && (
            <Text fz="sm" fw={600} c={entry.variant.inStock ? 'green.9' : 'red.9'} data-testid="stock">
              {entry.variant.inStock ? 'In stock' : 'Out of stock'}
            </Text>
          )}
          <Group gap="sm" mt={4}>
            {entry.variant?.inStock && (
              <button type="button" className={button.button} onClick={onAdd}>
                Add to cart<VisuallyHidden>: {name}</VisuallyHidden>
              </button>
            )}
            <button
              type="button"
              className={`${button.button} ${button.outline}`}
              onClick={onRemove}
              aria-label={`Remove from wishlist: ${name}`}
            >
              Remove
            </button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

export default function WishlistPage() {
  const navigate = useNavigate();
  const [items, setItems] = useState<WishlistEntry[] | null>(null);
  const load = useCallback(() => {
    getWishlist().then(setItems, (error: unknown) => {
      notify.error(errorMessage(error));
      setItems([]);
    });
  }, []);
  useEffect(load, [load]);
  const remove = (entry: WishlistEntry) =>
    removeWishlistItem(entry.productId, entry.variantId).then(
      () => {
        notify.success('Removed from your wishlist');
        setItems((list) => (list ?? []).filter((i) => i._id !== entry._id));
      },
      (error: unknown) => notify.error(errorMessage(error)),
    );
  const add = (entry: WishlistEntry) =>
    addLineToCart(entry.productId, entry.variantId).then(
      () => {
        notify.success('Product added successfully');
        void navigate('/cart');
      },
      (error: unknown) => notify.error(errorMessage(error)),
    );
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Your wishlist</Title>
        {items === null ? (
          <Loader aria-label="Loading your wishlist" />
        ) : items.length === 0 ? (
          <Stack gap="xs" data-testid="wishlist-empty">
            <Text>Nothing saved yet. Tap the heart on a bag to keep it here, with its price when you saved it.</Text>
            <Anchor component={Link} to="/" c="blue.8">
              Browse the bags
            </Anchor>
          </Stack>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((entry) => (
              <Item key={entry._id} entry={entry} onRemove={() => void remove(entry)} onAdd={() => void add(entry)} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
