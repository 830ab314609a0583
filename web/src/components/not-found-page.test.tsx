import { describe, expect, it } from 'vitest';
import { render, screen } from '../testing/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('says Page Not Found and links back home', () => {
    render(<NotFoundPage />, { route: '/nope' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
