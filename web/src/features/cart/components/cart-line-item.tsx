import { DEFAULT_MAX_LINE_QUANTITY, formatINR, lineOffer, lineTotal, salePrice, type CartLine } from '@bagshop/domain';
import { ActionIcon, Anchor, Badge, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { pictureAttributes } from '../../../lib/picture';

export type LineAction = 'increment' | 'decrement' | 'remove';

export interface CartLineItemProps {
  line: CartLine;
  busy: LineAction | null;
  onAction: (action: LineAction) => void;
  onBuyNow: () => void;
}

export function CartLineItem({ line, busy, onAction, onBuyNow }: CartLineItemProps) {
  const { product, quantity } = line;
  // The variant's price, stock and picture (docs/variants.md).
  const offer = lineOffer(line);
  const sale = salePrice(offer.price, offer.discount);
  const outOfStock = offer.stock <= 0;
  const overStock = quantity > offer.stock;
  const link = `/product/${product._id}${offer.label ? `?variant=${encodeURIComponent(offer.variantId)}` : ''}`;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={product.name}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Anchor component={Link} to={link} aria-label={product.name} style={{ flexShrink: 0 }}>
          <Image
            {...pictureAttributes(offer.image.url, 'thumb')}
            alt=""
            w={{ base: 80, sm: 112 }}
            h={{ base: 80, sm: 112 }}
            radius="sm"
            fit="cover"
            bg="gray.1"
          />
        </Anchor>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={link} c="dark" fw={600} lineClamp={2}>
            {product.name}
          </Anchor>
          {offer.label && (
            <Text size="sm" c="dimmed" data-testid="line-variant">
              {offer.label} · SKU {offer.sku}
            </Text>
          )}
          <Group gap={8} wrap="wrap">
            <Text fw={700}>{formatINR(sale)}</Text>
            {offer.discount > 0 && (
              <Text size="sm" c="dimmed" td="line-through" aria-label={`Original price ${formatINR(offer.price)}`}>
                {formatINR(offer.price)}
              </Text>
            )}
            {outOfStock ? (
              <Badge color="red" variant="light">
                Out of stock
              </Badge>
            ) : (
              overStock && (
                <Badge color="orange" variant="light">
                  Only {offer.stock} left
                </Badge>
              )
            )}
          </Group>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap={4} wrap="nowrap" role="group" aria-label={`Quantity of ${product.name}`}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Decrease quantity of ${product.name}`}
                onClick={() => onAction('decrement')}
                loading={busy === 'decrement'}
                disabled={busy !== null}
              >
                <IconMinus size={16} />
              </ActionIcon>
              <Text w={36} ta="center" fw={600} aria-live="polite" data-testid="line-quantity">
                {quantity}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Increase quantity of ${product.name}`}
                onClick={() => onAction('increment')}
                loading={busy === 'increment'}
                disabled={busy !== null || quantity >= offer.stock || quantity >= DEFAULT_MAX_LINE_QUANTITY}
              >
                <IconPlus size={16} />
              </ActionIcon>
            </Group>
            <Text fw={700} data-testid="line-total">
              {formatINR(lineTotal({ price: offer.price, discount: offer.discount, quantity }))}
            </Text>
          </Group>
          <Group gap="xs" justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onAction('remove')}
              loading={busy === 'remove'}
              disabled={busy !== null}
              aria-label={`Remove ${product.name}`}
            >
              Remove
            </Button>
            <Button size="xs" variant="light" onClick={onBuyNow} disabled={busy !== null || outOfStock || overStock}>
              Buy Now
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
