import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render as rtlRender, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../app/theme';
import { SessionContext, type Session } from '../lib/session';

/** A signed-out, loaded session; tests override what they need. */
export function testSession(overrides: Partial<Session> = {}): Session {
  const user = overrides.user ?? null;
  return {
    user,
    firebaseUser: null,
    isAuthenticated: Boolean(user),
    isAdmin: user?.role === 'admin',
    loading: false,
    setUser: () => {},
    refresh: async () => user,
    loadUser: async () => user,
    logout: async () => {},
    ...overrides,
  };
}

/**
 * The one render helper: every component test gets Mantine, notifications and a router;
 * pass `session` to provide a session (signed in or not) to components that read it.
 */
export function render(ui: ReactElement, options: RenderOptions & { route?: string; session?: Partial<Session> } = {}) {
  const { route = '/', session, ...rest } = options;
  const Wrapper = ({ children }: { children: ReactNode }) => {
    const routed = <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
    return (
      <MantineProvider theme={theme}>
        <Notifications />
        {session ? <SessionContext.Provider value={testSession(session)}>{routed}</SessionContext.Provider> : routed}
      </MantineProvider>
    );
  };
  return rtlRender(ui, { wrapper: Wrapper, ...rest });
}

export * from '@testing-library/react';
