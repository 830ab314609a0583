import { Box } from '@mantine/core';
import { startTransition, Suspense, useEffect, useState } from 'react';
import { afterNextPaint } from '../../../lib/after-paint';
import { lazyPage } from '../../../lib/lazy-page';
import { Hero } from './hero';

// Everything below the hero (carousel, promos, category grid) is its own chunk. It is asked
// for once the hero has painted (React.lazy would start it during the first render), so its
// code, the full CSS, the products request and the card images leave the network to the
// hero image until then. The fallback keeps the footer from jumping up and down.
const HomeSections = lazyPage(() => import('./home-sections'));

export function HomePage() {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  const placeholder = <Box mih="100vh" aria-hidden />;
  return (
    <>
      <Hero />
      {painted ? (
        <Suspense fallback={placeholder}>
          <HomeSections />
        </Suspense>
      ) : (
        placeholder
      )}
    </>
  );
}
