import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../../testing/render';
import { Hero } from './hero';

describe('Hero', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows both headlines and the bag image, sized and eager', () => {
    render(<Hero />);
    expect(screen.getByText('From Office to Adventure')).toBeInTheDocument();
    expect(screen.getByText("We've Got Your Back")).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'bag' });
    expect(img).toHaveAttribute('src', '/hero-bag.webp');
    expect(img).toHaveAttribute('width', '900');
    expect(img).toHaveAttribute('loading', 'eager');
  });

  it('does not wait for or load GSAP under prefers-reduced-motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('reduce') })) as typeof window.matchMedia;
    try {
      render(<Hero />);
      expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('data-motion', 'off');
    } finally {
      window.matchMedia = original;
    }
  });
});
