import { PICTURE_SIZES, type Product } from '@bagshop/domain';
import { Card, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import button from '../../../components/plain-button.module.css';
import { AUTOPLAY_MS, nextSlide, previousSlide, slideId } from '../lib/carousel';
import type { HomeData } from '../lib/home-data';
import { ProductCard } from './product-card';
import classes from './products-carousel.module.css';

export { AUTOPLAY_MS, CAROUSEL_PRODUCTS } from '../lib/carousel';

export interface ProductsCarouselProps {
  data: Pick<HomeData, 'count' | 'slides' | 'failed'>;
  onAdd: (product: Product) => void;
  pendingId: string | null;
}

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Shop Products (docs/spec.md §2 Home, §9): 'Explore All' / 'VIEW ALL' with the product count,
 * then up to 8 luggage products; 1/2/3 slides below 768 / from 768 / from 1024 px, gaps
 * 20/25/30 px. A strip of CSS scroll snap (docs/decisions/0036-what-hydrates-when.md): it swipes
 * and its arrows and dots are links to the slides (`#featured-slide-n`), so it works before
 * the app runs. Once it runs, they scroll the strip in place, looping, and it plays on every
 * 4 s, paused while the mouse is over it; never under prefers-reduced-motion.
 */
export function ProductsCarousel({ data, onAdd, pendingId }: ProductsCarouselProps) {
  const track = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const hovered = useRef(false);
  const total = data.slides.length + 1;

  /** The slide at the strip's left edge, from its scroll position. */
  const current = useCallback(() => {
    const el = track.current;
    if (!el) return 0;
    const slides = [...el.children] as HTMLElement[];
    const left = el.scrollLeft;
    let best = 0;
    slides.forEach((slide, i) => {
      if (Math.abs(slide.offsetLeft - el.offsetLeft - left) < Math.abs((slides[best]?.offsetLeft ?? 0) - el.offsetLeft - left)) best = i;
    });
    return best;
  }, []);

  const go = useCallback((index: number) => {
    const el = track.current;
    const slide = el?.children[index] as HTMLElement | undefined;
    if (!el || !slide) return;
    el.scrollTo({ left: slide.offsetLeft - el.offsetLeft, behavior: reducedMotion() ? 'auto' : 'smooth' });
    setActive(index);
  }, []);

  /** Next, looping: from the last position the strip can reach, back to the first slide. */
  const forward = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const atEnd = el.scrollLeft >= el.scrollWidth - el.clientWidth - 2;
    go(atEnd ? 0 : nextSlide(current(), total));
  }, [current, go, total]);
  const back = useCallback(() => {
    const el = track.current;
    if (!el) return;
    go(el.scrollLeft <= 2 ? total - 1 : previousSlide(current(), total));
  }, [current, go, total]);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(current()));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', onScroll);
    };
  }, [current]);

  useEffect(() => {
    if (reducedMotion() || data.failed) return;
    const timer = window.setInterval(() => {
      if (!hovered.current && document.visibilityState === 'visible') forward();
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [forward, data.failed]);

  // A failed fetch shows nothing (docs/spec.md §2).
  if (data.failed) return null;

  const onLink = (move: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    move();
  };

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured products"
      className={classes.root}
      style={{ '--n': total } as CSSProperties}
      onMouseEnter={() => (hovered.current = true)}
      onMouseLeave={() => (hovered.current = false)}
    >
      <ul ref={track} className={classes.track}>
        <li className={classes.slide} style={{ '--i': 0 } as CSSProperties} aria-roledescription="slide" aria-label={`1 of ${total}`}>
          <span id={slideId(0)} className={classes.anchor} />
          <Card radius="lg" padding="xl" className={classes.explore} component="article" aria-label="Explore all products">
            <Stack justify="center" align="center" h="100%" gap="sm" ta="center">
              <Text component="h3" fz={28} fw={800} m={0} c="white">
                Explore All
              </Text>
              <Text className={classes.count} data-testid="product-count">
                {data.count}
              </Text>
              <Text fz="lg" fw={600} c="white">
                Products
              </Text>
              <Link to="/luggage" className={`${button.button} ${button.md} ${button.white} ${classes.viewAll}`}>
                VIEW ALL
              </Link>
            </Stack>
          </Card>
        </li>
        {data.slides.map((product, i) => (
          <li
            key={product._id}
            className={classes.slide}
            style={{ '--i': i + 1 } as CSSProperties}
            aria-roledescription="slide"
            aria-label={`${i + 2} of ${total}`}
          >
            <span id={slideId(i + 1)} className={classes.anchor} />
            <ProductCard
              product={product}
              headingLevel="h3"
              onAdd={onAdd}
              adding={pendingId === product._id}
              pictureSizes={PICTURE_SIZES.slide}
            />
          </li>
        ))}
      </ul>
      <a
        href={`#${slideId(previousSlide(active, total))}`}
        className={`${classes.control} ${classes.previous}`}
        aria-label="Previous slide"
        onClick={onLink(back)}
      >
        <IconChevronLeft size={20} aria-hidden />
      </a>
      <a
        href={`#${slideId(nextSlide(active, total))}`}
        className={`${classes.control} ${classes.next}`}
        aria-label="Next slide"
        onClick={onLink(forward)}
      >
        <IconChevronRight size={20} aria-hidden />
      </a>
      <div className={classes.indicators}>
        {Array.from({ length: total }, (_, i) => (
          <a
            key={slideId(i)}
            href={`#${slideId(i)}`}
            className={classes.indicator}
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === active || undefined}
            data-active={i === active || undefined}
            onClick={onLink(() => go(i))}
          />
        ))}
      </div>
    </div>
  );
}
