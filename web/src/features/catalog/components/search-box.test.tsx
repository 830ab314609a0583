import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

// The suggestions (results as you type) load on first focus; here a stand-in that says it is there.
vi.mock('./search-suggestions', () => ({ default: () => <div data-testid="suggestions" /> }));

const box = (
  <MemoryRouter>
    <SearchBox id="header-search" />
  </MemoryRouter>
);

/** The server's markup for the box, then the app taking it over, `focusFirst` or not. */
async function hydrate(focusFirst: boolean): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(box);
  document.body.append(container);
  if (focusFirst) container.querySelector('input')?.focus();
  await act(async () => {
    hydrateRoot(container, box);
  });
  return container;
}

describe('search box on a server-drawn page (decision 0021)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('focused before the app took over, it loads its suggestions once the app runs', async () => {
    const container = await hydrate(true);
    await vi.waitFor(() => expect(container.querySelector('[data-testid="suggestions"]')).not.toBeNull());
  });

  it('not focused, it loads nothing until it is', async () => {
    const container = await hydrate(false);
    await act(async () => {
      await Promise.resolve();
    });
    expect(container.querySelector('[data-testid="suggestions"]')).toBeNull();
  });
});
