import type { Product } from '@bagshop/domain';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** A product's reviews tab: the reviews page filtered to it (docs/reviews.md). */
export function ProductReviewsLink({ product }: { product: Product }) {
  const count = product.rating?.count ?? 0;
  return (
    <Tooltip label={`Reviews (${count})`}>
      <ActionIcon
        variant="subtle"
        component={Link}
        to={`/admin/reviews?productId=${encodeURIComponent(product._id)}`}
        aria-label={`Reviews of ${product.name}`}
      >
        <IconStar size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
