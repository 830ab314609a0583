import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// Hydrates the server's HTML inside a transition: React works in slices that yield to the
// browser, so a tap during hydration is handled as soon as its part is live.
// When the modules have run and hydration starts (bench:web splits the time to live with it).
performance.mark('bagshop:hydrate');
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
