import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenBoundary } from '../lib/screen-boundary';
import { SessionProvider } from '../lib/session';
import { NotificationsHost } from './notifications-host';
import { cssVariablesResolver, theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* The last resort: whatever no screen boundary caught (lib/lazy-page.tsx has those). */}
      <ScreenBoundary>
        <NotificationsHost />
        <SessionProvider>{children}</SessionProvider>
      </ScreenBoundary>
    </MantineProvider>
  );
}
