import { COLOUR_OPTION, optionValues, pricesDiffer, type Product } from '@bagshop/domain';
import { AspectRatio, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { WishlistHeart } from '../../../components/wishlist-heart';
import { stockNote } from '../lib/badges';
import { PriceBlock } from './price-block';
import { ProductBadges } from './product-badges';
import classes from './product-card.module.css';
import button from '../../../components/plain-button.module.css';
import { ACCENT } from '../lib/colors';
import { MAIN_PICTURE } from '../../../lib/main-picture';
import { RatingSummary } from '../../../components/rating-stars';
import { swatchOf } from './variant-swatches';
import { pictureAttributes } from '../../../lib/picture';

/** Colour dots shown on a card; more colours read "+n". */
const MAX_DOTS = 5;

export interface ProductCardProps {
  product: Product;
  /** Add to cart; the card stays free of session and routing decisions. */
  onAdd?: (product: Product) => void;
  adding?: boolean;
  /** Load the image at once (the first cards above the fold). */
  priority?: boolean;
  /** How wide the card's picture is drawn (`sizes`); a card in the products grid by default. */
  pictureSizes?: string;
  headingLevel?: 'h2' | 'h3';
}

export function ProductCard({ product, onAdd, adding = false, priority = false, headingLevel = 'h2', pictureSizes }: ProductCardProps) {
  const titleId = useId();
  const href = `/product/${product._id}`;
  const soldOut = product.stock <= 0;
  const note = stockNote(product.stock);
  // Sizes and colours (docs/variants.md): "From ₹X" when the variants' prices differ, the colours as dots,
  // and the card's button opens the page to choose (the cart needs a variant).
  const variants = product.variants ?? [];
  const from = variants.length > 1 && pricesDiffer(variants);
  const colours = optionValues(product.options ?? [], COLOUR_OPTION);
  const mustChoose = variants.length > 1;
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={titleId} className={classes.card}>
      <Card.Section pos="relative">
        {/* The name below is the link a keyboard or screen reader uses; the image repeats it for the mouse. */}
        <Link to={href} className={classes.media} tabIndex={-1} aria-hidden>
          <AspectRatio ratio={1}>
            <img
              {...pictureAttributes(product.image.url, 'card')}
              {...(pictureSizes ? { sizes: pictureSizes } : {})}
              alt=""
              className={classes.image}
              width={600}
              height={600}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              elementtiming={priority ? MAIN_PICTURE : undefined}
              decoding="async"
            />
          </AspectRatio>
        </Link>
        {/* The heart (docs/comeback.md): a product with one variant can be saved from its card. */}
        {variants.length <= 1 && (
          <div className={classes.heart}>
            <WishlistHeart productId={product._id} productName={product.name} />
          </div>
        )}
      </Card.Section>
      <Stack gap={8} mt="md" className={classes.body}>
        <ProductBadges product={product} />
        <Text component={headingLevel} id={titleId} fw={700} fz="md" lh={1.35} m={0}>
          <Link to={href} className={classes.name}>
            {product.name}
          </Link>
        </Text>
        <RatingSummary rating={product.rating} />
        {from && (
          <Text fz="xs" c="gray.7" mb={-6} data-testid="from-price">
            From
          </Text>
        )}
        <PriceBlock price={product.price} discount={product.discount} />
        {colours.length > 0 && (
          <Group gap={4} aria-label={`Colours: ${colours.join(', ')}`} role="img">
            {colours.slice(0, MAX_DOTS).map((c) => (
              <span key={c} className={classes.dot} style={{ background: swatchOf(c) }} title={c} />
            ))}
            {colours.length > MAX_DOTS && (
              <Text component="span" fz="xs" c="gray.7">
                +{colours.length - MAX_DOTS}
              </Text>
            )}
          </Group>
        )}
        {note && (
          <Text fz="sm" fw={600} c={soldOut ? 'red.9' : ACCENT.warm}>
            {note}
          </Text>
        )}
      </Stack>
      {onAdd && mustChoose && !soldOut && (
        <Link to={href} className={`${button.button} ${button.light} ${button.full} ${classes.action}`}>
          Choose options
          <VisuallyHidden>: {product.name}</VisuallyHidden>
        </Link>
      )}
      {onAdd && (!mustChoose || soldOut) && (
        // The product page's form (docs/decisions/0036-what-hydrates-when.md): before the app
        // runs it is posted to the product route's action (sign in first, then back to the
        // product, which adds it); once the app runs, the submit is handled here.
        <form
          method="post"
          action={href}
          className={classes.action}
          onSubmit={(event) => {
            event.preventDefault();
            if (!soldOut && !adding) onAdd(product);
          }}
        >
          <input type="hidden" name="quantity" value="1" />
          <button
            type="submit"
            name="intent"
            value="add"
            className={`${button.button} ${button.full}`}
            disabled={soldOut}
            aria-busy={adding || undefined}
          >
            {!soldOut && <IconShoppingCartPlus size={18} aria-hidden />}
            {soldOut ? 'Out of stock' : 'Add to cart'}
            <VisuallyHidden>: {product.name}</VisuallyHidden>
          </button>
        </form>
      )}
    </Card>
  );
}
