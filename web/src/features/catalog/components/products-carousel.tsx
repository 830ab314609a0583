import '@mantine/carousel/styles.layer.css';
import { PICTURE_SIZES, type Product } from '@bagshop/domain';
import { Carousel } from '@mantine/carousel';
import { Button, Card, Center, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import Autoplay from 'embla-carousel-autoplay';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ProductCard } from './product-card';
import classes from './products-carousel.module.css';

export const CAROUSEL_PRODUCTS = 8;
export const AUTOPLAY_MS = 4000;

export interface ProductsCarouselProps {
  /** Every product: the view-all card counts them; the slides are the first 8 luggage. */
  products: Product[];
  loading: boolean;
  failed: boolean;
  onAdd: (product: Product) => void;
  pendingId: string | null;
}

/**
 * Shop Products (docs/spec.md §2 Home, §9): 'Explore All' / 'VIEW ALL' with the product count, then
 * up to 8 luggage products. Autoplay every 4 s, paused while the mouse is over it, looping;
 * clickable indicators and arrows; 1/2/3 slides below 768 / from 768 / from 1024 px, gaps
 * 20/25/30 px. No autoplay under prefers-reduced-motion.
 */
export function ProductsCarousel({ products, loading, failed, onAdd, pendingId }: ProductsCarouselProps) {
  const reducedMotion = useReducedMotion();
  const autoplay = useMemo(
    () => (reducedMotion ? [] : [Autoplay({ delay: AUTOPLAY_MS, stopOnMouseEnter: true, stopOnInteraction: false })]),
    [reducedMotion],
  );
  if (loading) {
    return (
      <Center py={60} mih={360}>
        <Text c="gray.7" aria-live="polite">
          Loading amazing products...
        </Text>
      </Center>
    );
  }
  // A failed fetch shows nothing (docs/spec.md §2).
  if (failed) return null;
  const luggage = products.filter((p) => p.category === 'luggage').slice(0, CAROUSEL_PRODUCTS);
  return (
    <Carousel
      key={reducedMotion ? 'still' : 'moving'}
      aria-label="Featured products"
      withIndicators
      withControls
      emblaOptions={{ loop: true, align: 'start', slidesToScroll: 1 }}
      plugins={autoplay}
      slideSize={{ base: '100%', md: '50%', lg: '33.3333%' }}
      slideGap={{ base: 20, sm: 20, md: 25, lg: 30 }}
      classNames={{ root: classes.root, indicators: classes.indicators, indicator: classes.indicator, control: classes.control }}
    >
      <Carousel.Slide>
        <Card radius="lg" padding="xl" className={classes.explore} component="article" aria-label="Explore all products">
          <Stack justify="center" align="center" h="100%" gap="sm" ta="center">
            <Text component="h3" fz={28} fw={800} m={0} c="white">
              Explore All
            </Text>
            <Text className={classes.count} data-testid="product-count">
              {products.length}
            </Text>
            <Text fz="lg" fw={600} c="white">
              Products
            </Text>
            <Button component={Link} to="/luggage" variant="white" color="dark" size="md" mt="md">
              VIEW ALL
            </Button>
          </Stack>
        </Card>
      </Carousel.Slide>
      {luggage.map((product) => (
        <Carousel.Slide key={product._id}>
          <ProductCard
            product={product}
            headingLevel="h3"
            onAdd={onAdd}
            adding={pendingId === product._id}
            pictureSizes={PICTURE_SIZES.slide}
          />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
