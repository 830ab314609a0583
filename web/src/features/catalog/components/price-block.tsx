import { formatINR, salePrice } from '@bagshop/domain';
import { Group, Stack, Text } from '@mantine/core';
import { ACCENT } from '../lib/colors';

export interface PriceBlockProps {
  price: number;
  discount: number;
  size?: 'md' | 'lg';
}

/** Sale price, the struck-through price and 'Save ₹…' when there is a discount. */
export function PriceBlock({ price, discount, size = 'md' }: PriceBlockProps) {
  const sale = salePrice(price, discount);
  const big = size === 'lg';
  return (
    <Stack gap={2}>
      <Group gap="xs" align="baseline" wrap="wrap">
        <Text component="span" fw={800} fz={big ? 32 : 'xl'} lh={1.2} data-testid="sale-price">
          {formatINR(sale)}
        </Text>
        {discount > 0 && (
          <Text component="s" c="gray.7" fz={big ? 'lg' : 'sm'} aria-label={`Original price ${formatINR(price)}`}>
            {formatINR(price)}
          </Text>
        )}
      </Group>
      {discount > 0 && (
        <Text component="span" c={ACCENT.saving} fw={700} fz={big ? 'md' : 'sm'}>
          Save {formatINR(discount)}
        </Text>
      )}
    </Stack>
  );
}
