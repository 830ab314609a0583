import type { Product, ProductVariant } from '@bagshop/domain';
import { Stack, Text, Title } from '@mantine/core';
import { ProductDeclarations } from './product-declarations';
import classes from './product-page.module.css';
import { PROMISES } from './promise-band';

/**
 * The product's details below the buy box: the legal declarations, "About this bag" and the
 * promises. Its own chunk and `<Suspense>` boundary (product-page.tsx): drawn by the server with
 * the page, hydrated after the buy box, so no tap on the buy box waits for it
 * (docs/decisions/0036-what-hydrates-when.md).
 */
export default function ProductDetails({ product, variant }: { product: Product; variant?: ProductVariant }) {
  return (
    <>
      <ProductDeclarations product={product} variant={variant} />
      <Stack gap={4} mt="md">
        <Title order={2} fz="lg">
          About this bag
        </Title>
        <Text className={classes.description} c="gray.8">
          {product.description || 'No description yet.'}
        </Text>
      </Stack>
      <Stack component="ul" gap={6} pl="md" m={0} aria-label="Our promises">
        {PROMISES.map((p) => (
          <Text component="li" key={p.title} fz="sm" c="gray.8">
            <b>{p.title}:</b> {p.text}
          </Text>
        ))}
      </Stack>
    </>
  );
}
