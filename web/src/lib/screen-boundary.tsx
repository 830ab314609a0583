import { Button, Container, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { isChunkLoadError, page, reloadForChunkError } from './chunk-reload';

/**
 * Catches what a screen throws while rendering (and a lazy chunk that failed to load) so the
 * rest of the shop stays usable: a friendly message with Retry instead of a blank page. Used
 * at the app root (app/providers.tsx) and around every lazyPage() screen (lib/lazy-page.tsx).
 */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={ScreenError} onError={onScreenError}>
      {children}
    </ErrorBoundary>
  );
}

// React itself logs the error (createRoot's default onCaughtError).
function onScreenError(error: unknown): void {
  if (isChunkLoadError(error)) reloadForChunkError();
}

// Styled with the entry's critical Mantine CSS only (app/critical-styles.ts): when a chunk
// failed to load, the full stylesheet may not have arrived either.
export function ScreenError({ error, resetErrorBoundary }: FallbackProps) {
  const chunk = isChunkLoadError(error);
  // A failed chunk stays failed for this page (React.lazy and the browser both remember the
  // failure): only a reload fetches it again. Anything else may work on a second render.
  const retry = chunk ? page.reload : resetErrorBoundary;
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center" role="alert">
        <Text component="h2" fz={28} fw={700} lh={1.3} m={0}>
          Something went wrong
        </Text>
        <Text>
          {chunk
            ? 'This part of the shop could not be loaded. Check your connection and try again.'
            : 'This part of the shop stopped working. Please try again.'}
        </Text>
        <Group justify="center">
          <Button size="md" onClick={() => retry()}>
            Retry
          </Button>
          <Button size="md" variant="default" component="a" href="/">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
