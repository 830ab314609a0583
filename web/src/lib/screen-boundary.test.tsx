import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../testing/render';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, page, reloadForChunkError } from './chunk-reload';
import { lazyPage } from './lazy-page';
import { ScreenBoundary } from './screen-boundary';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:5000/assets/product-page-3f9a.js');

let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
  // React logs every error a boundary catches; these are expected.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('ScreenBoundary', () => {
  it('shows a friendly message instead of a screen that throws, and Retry renders the screen again', async () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('Cannot read properties of undefined');
      return <p>Order placed</p>;
    }
    render(
      <ScreenBoundary>
        <Flaky />
      </ScreenBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('This part of the shop stopped working. Please try again.');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Order placed')).not.toBeInTheDocument();

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Order placed')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps the message while the screen still throws after Retry', async () => {
    function Broken(): never {
      throw new Error('still broken');
    }
    render(
      <ScreenBoundary>
        <Broken />
      </ScreenBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
  });
});

describe('lazyPage and a chunk that fails to load', () => {
  const failingScreen = () => lazyPage<object>(() => Promise.reject(chunkError()));

  it('reloads the page exactly once, then shows the message (no reload loop)', async () => {
    const First = failingScreen();
    const first = render(
      <Suspense fallback={<p>Loading</p>}>
        <First />
      </Suspense>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the shop could not be loaded.');
    expect(reload).toHaveBeenCalledTimes(1);
    first.unmount();

    // The page after that reload: the chunk fails again (offline, or the deploy is broken).
    const Again = failingScreen();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Again />
      </Suspense>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Check your connection and try again.');
    expect(reload).toHaveBeenCalledTimes(1);

    // Retry is the shopper's own choice: for a chunk it reloads (a re-render cannot refetch it).
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('renders the screen inside its boundary when the chunk loads', async () => {
    const Fine = lazyPage<{ name: string }>(async () => ({ default: ({ name }) => <p>Hello {name}</p> }));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Fine name="Asha" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Asha')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload for an error that is not a chunk load', async () => {
    const Broken = lazyPage<object>(() => Promise.reject(new Error('Network request failed')));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Broken />
      </Suspense>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('stopped working');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('chunk reload guard', () => {
  it('recognises how Chrome, Firefox, Safari and Vite word a failed chunk', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/full-styles-1a2b.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Request failed with status 500'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('allows another automatic reload only after the guard time has passed', () => {
    const t0 = 1_800_000_000_000;
    expect(reloadForChunkError(t0)).toBe(true);
    expect(reloadForChunkError(t0 + 1_000)).toBe(false);
    expect(reloadForChunkError(t0 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadForChunkError(t0 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when sessionStorage cannot keep the guard', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(reloadForChunkError()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
