/** Shop Products (docs/spec.md §2 Home, §9): 'Explore All' then up to 8 luggage products. */
export const CAROUSEL_PRODUCTS = 8;
/** Autoplay: one slide on every 4 s, paused while the mouse is over the carousel. */
export const AUTOPLAY_MS = 4000;

/** The slide before / after `index` of `total`, looping. */
export const previousSlide = (index: number, total: number) => (index - 1 + total) % total;
export const nextSlide = (index: number, total: number) => (index + 1) % total;

/** The id a slide's links point at (`#featured-slide-3`): what the arrows and dots open before the app runs. */
export const slideId = (index: number) => `featured-slide-${index + 1}`;
