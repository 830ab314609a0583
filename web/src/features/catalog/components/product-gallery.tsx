import type { Product, ProductImage } from '@bagshop/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { pictureLabel } from './picture-label';
import classes from './product-gallery.module.css';
import { MAIN_PICTURE } from '../../../lib/main-picture';
import { pictureAttributes } from '../../../lib/picture';

// The larger view (a Mantine modal) loads when it is first opened.
const GalleryLightbox = lazy(() => import('./gallery-lightbox'));

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The product's pictures: one at a time in a track that scrolls sideways with CSS scroll
 * snapping (a swipe on touch screens, no script needed for it), thumbnails and arrows to
 * choose one, and a larger view on click or Enter. The first picture is the page's LCP
 * element: loaded eagerly, at high priority.
 */
export function ProductGallery({ product }: { product: Product }) {
  const images: ProductImage[] = product.images.length ? product.images : product.image.url ? [product.image] : [];
  const n = images.length;
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<number | null>(null);
  // The arrows move the track with script: until the app has taken the page over they are shown
  // disabled (a swipe of the track works before, it is the browser's own scrolling).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const show = useCallback(
    (i: number) => {
      const el = track.current;
      if (!el || n === 0) return;
      const next = Math.max(0, Math.min(n - 1, i));
      el.scrollTo({ left: next * el.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
      setIndex(next);
    },
    [n],
  );

  // The picture in view after a swipe or a scroll.
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setIndex(Math.max(0, Math.min(n - 1, Math.round(el.scrollLeft / el.clientWidth))));
  };

  // A new product (the page is reused between products): back to its first picture. On the
  // first render, the picture in view is read instead: a swipe on the server-drawn page, before
  // the app ran, has already moved the track (works from the first tap).
  const shownProduct = useRef<string | null>(null);
  useEffect(() => {
    if (shownProduct.current !== null && shownProduct.current !== product._id) {
      track.current?.scrollTo({ left: 0 });
      setIndex(0);
    } else {
      const el = track.current;
      if (el && el.clientWidth > 0) setIndex(Math.max(0, Math.min(n - 1, Math.round(el.scrollLeft / el.clientWidth))));
    }
    shownProduct.current = product._id;
  }, [product._id, n]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else return;
    event.preventDefault();
  };

  if (n === 0) return <div className={classes.empty} role="img" aria-label={`${product.name}: no picture yet`} />;

  return (
    <section className={classes.gallery} aria-roledescription="carousel" aria-label={`Pictures of ${product.name}`}>
      <div className={classes.viewport}>
        <div ref={track} className={classes.track} onScroll={onScroll} onKeyDown={onKeyDown} data-testid="gallery-track">
          {images.map((image, i) => (
            <div
              key={image.hash || image.url}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${n}`}
            >
              <button
                type="button"
                className={classes.zoom}
                tabIndex={i === index ? 0 : -1}
                onClick={() => setZoom(i)}
                aria-label={`Larger view: ${pictureLabel(product.name, i, n)}`}
              >
                <img
                  {...pictureAttributes(image.url, 'gallery')}
                  alt={pictureLabel(product.name, i, n)}
                  className={classes.image}
                  width={800}
                  height={800}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  elementtiming={i === 0 ? MAIN_PICTURE : undefined}
                  decoding={i === 0 ? 'sync' : 'async'}
                  draggable={false}
                />
              </button>
            </div>
          ))}
        </div>
        {n > 1 && (
          <>
            <button
              type="button"
              className={`${classes.arrow} ${classes.prev}`}
              onClick={() => show(index - 1)}
              disabled={!live || index === 0}
              aria-label="Previous picture"
            >
              <IconChevronLeft size={22} aria-hidden />
            </button>
            <button
              type="button"
              className={`${classes.arrow} ${classes.next}`}
              onClick={() => show(index + 1)}
              disabled={!live || index === n - 1}
              aria-label="Next picture"
            >
              <IconChevronRight size={22} aria-hidden />
            </button>
            <span className={classes.counter} aria-hidden data-testid="gallery-counter">
              {index + 1} / {n}
            </span>
          </>
        )}
      </div>
      {n > 1 && (
        <div className={classes.thumbs} role="group" aria-label="Choose a picture">
          {images.map((image, i) => (
            <button
              key={image.hash || image.url}
              type="button"
              className={classes.thumb}
              aria-label={`Show picture ${i + 1} of ${n}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
            >
              <img {...pictureAttributes(image.url, 72)} alt="" width={72} height={72} loading="lazy" decoding="async" draggable={false} />
            </button>
          ))}
        </div>
      )}
      {zoom !== null && (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={images}
            name={product.name}
            start={zoom}
            onClose={(last) => {
              setZoom(null);
              show(last);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
