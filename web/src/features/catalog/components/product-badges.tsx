import type { Product } from '@bagshop/domain';
import { Badge, Group } from '@mantine/core';
import { productBadges } from '../lib/badges';

export function ProductBadges({
  product,
  size = 'sm',
}: {
  product: Pick<Product, 'price' | 'discount' | 'category'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Group gap={6} wrap="wrap" aria-label="Offers">
      {productBadges(product).map((badge) => (
        <Badge key={badge.label} color={badge.color} variant={badge.variant} size={size} radius="sm">
          {badge.label}
        </Badge>
      ))}
    </Group>
  );
}
