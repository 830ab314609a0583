import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { lazyPage } from '../../../lib/lazy-page';
import { Hero } from './hero';

// Everything below the hero (carousel, promos, category grid) is its own chunk, fetched
// while the hero paints; the fallback keeps the footer from jumping up and down.
const HomeSections = lazyPage(() => import('./home-sections'));

export function HomePage() {
  return (
    <>
      <Hero />
      <Suspense fallback={<Box mih="100vh" aria-hidden />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
