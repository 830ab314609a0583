import { discountPercent, formatINR, salePrice, type Product } from '@bagshop/domain';
import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';

export function ProductCard({ product }: { product: Product }) {
  const percent = discountPercent(product.price, product.discount);
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={product.name}>
      <Card.Section>
        <Image src={product.image.url} alt={product.name} h={240} fit="cover" loading="lazy" />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group gap={6}>
          <Badge variant="light">{product.category}</Badge>
          {percent > 0 && <Badge color="red">{percent}% OFF</Badge>}
        </Group>
        <Text fw={700} lineClamp={2}>
          {product.name}
        </Text>
        <Group gap="xs" align="baseline">
          <Text fw={800} fz="lg">
            {formatINR(salePrice(product.price, product.discount))}
          </Text>
          {product.discount > 0 && (
            <Text c="dimmed" td="line-through" size="sm">
              {formatINR(product.price)}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
