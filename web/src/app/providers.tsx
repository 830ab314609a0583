import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { SessionProvider } from '../lib/session';
import { NotificationsHost } from './notifications-host';
import { cssVariablesResolver, theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsHost />
      <SessionProvider>{children}</SessionProvider>
    </MantineProvider>
  );
}
