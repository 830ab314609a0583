import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../app/theme';

/** The one render helper: every component test gets Mantine, notifications and a router. */
export function render(ui: ReactElement, options: RenderOptions & { route?: string } = {}) {
  const { route = '/', ...rest } = options;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <Notifications />
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </MantineProvider>
  );
  return rtlRender(ui, { wrapper: Wrapper, ...rest });
}

export * from '@testing-library/react';
