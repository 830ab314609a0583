import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { SessionContext, type Session } from '../../../lib/session';
import { testSession } from '../../../testing/render';
import { addToCart } from '../api/add-to-cart';
import { useAddToCart } from './use-add-to-cart';

vi.mock('../api/add-to-cart', () => ({ addToCart: vi.fn(async () => undefined) }));

function Probe() {
  const { add } = useAddToCart();
  const location = useLocation();
  return (
    <>
      <button type="button" onClick={() => void add('bag-1', 2, 'bag-1--cabin--navy')}>
        Add
      </button>
      <output>{location.pathname}</output>
    </>
  );
}

function Shop({ session, children }: { session: Session; children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={['/product/bag-1']}>{children}</MemoryRouter>
      </SessionContext.Provider>
    </MantineProvider>
  );
}

const shopper = {
  _id: 'u1',
  email: 'a@b.in',
  role: 'customer',
  fullname: { firstname: 'Asha', lastname: '' },
} as unknown as Session['user'];

describe('useAddToCart', () => {
  beforeEach(() => vi.mocked(addToCart).mockClear());

  it('a tap while the session is still being restored waits for it, then adds for the signed-in shopper', async () => {
    const { rerender } = render(
      <Shop session={testSession({ loading: true })}>
        <Probe />
      </Shop>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await act(async () => {});
    // Not taken for signed out: still on the product, nothing sent yet.
    expect(screen.getByRole('status').textContent).toBe('/product/bag-1');
    expect(addToCart).not.toHaveBeenCalled();

    rerender(
      <Shop session={testSession({ loading: false, user: shopper })}>
        <Probe />
      </Shop>,
    );
    await waitFor(() => expect(addToCart).toHaveBeenCalledWith('bag-1', 2, 'bag-1--cabin--navy'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('/cart'));
  });

  it('a signed-out visitor (session known) is sent to sign in, and nothing is added', async () => {
    render(
      <Shop session={testSession()}>
        <Probe />
      </Shop>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('/auth'));
    expect(addToCart).not.toHaveBeenCalled();
  });
});
