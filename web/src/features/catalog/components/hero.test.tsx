import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../../../testing/render';
import { HERO_MOTION, power3Out, power3OutLinear } from '../lib/hero-motion';
import { shippingWording } from '@bagshop/domain';
import { Hero } from './hero';

const FREE = shippingWording({ offered: true, fee: 0, freeAbove: null, cod: true });
const PAID = shippingWording({ offered: true, fee: 149, freeAbove: null, cod: true });

describe('Hero', () => {
  it('says free shipping while express is free, free standard shipping once it has a fee (issue 40)', () => {
    const { unmount } = render(<Hero shipping={FREE} />);
    expect(screen.getByText(/a lifetime warranty and free shipping on all orders across India/)).toBeInTheDocument();
    unmount();
    render(<Hero shipping={PAID} />);
    expect(screen.getByText(/a lifetime warranty and free standard shipping on all orders across India/)).toBeInTheDocument();
  });

  it('shows both headlines and the bag image, sized and eager', () => {
    render(<Hero shipping={FREE} />);
    expect(screen.getByText('From Office to Adventure')).toBeInTheDocument();
    expect(screen.getByText("We've Got Your Back")).toBeInTheDocument();
    const img = screen.getByRole('img', { name: 'bag' });
    expect(img).toHaveAttribute('src', '/hero-bag.webp');
    expect(img).toHaveAttribute('width', '900');
    expect(img).toHaveAttribute('loading', 'eager');
  });

  it('animates as the spec says: from 100 px to the left with a fade, 2 s each, 0.5 s apart, power3.out', () => {
    expect(HERO_MOTION).toEqual({ fromX: -100, duration: 2, stagger: 0.5, ease: 'power3.out' });
    render(<Hero shipping={FREE} />);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.style.getPropertyValue('--hero-from-x')).toBe('-100px');
    expect(h1.style.getPropertyValue('--hero-duration')).toBe('2s');
    expect(h1.style.getPropertyValue('--hero-stagger')).toBe('0.5s');
    expect(h1.style.getPropertyValue('--hero-ease')).toBe(power3OutLinear());
  });

  it("draws GSAP's power3.out (1 − (1 − t)³) as the CSS linear() curve, within 0.1 % between its points", () => {
    const points = /^linear\((.*)\)$/.exec(power3OutLinear())?.[1]?.split(', ').map(Number) ?? [];
    expect(points).toHaveLength(41);
    expect(points[0]).toBe(0);
    expect(points.at(-1)).toBe(1);
    // GSAP's own definition of power3.out, at known values.
    expect(power3Out(0.5)).toBeCloseTo(0.875, 6);
    expect(power3Out(0.25)).toBeCloseTo(0.578125, 6);
    // Between two points the browser draws a straight line: off by less than 0.001 anywhere.
    for (let t = 0; t <= 1; t += 0.001) {
      const x = t * 40;
      const i = Math.min(39, Math.floor(x));
      const drawn = (points[i] ?? 0) + ((points[i + 1] ?? 0) - (points[i] ?? 0)) * (x - i);
      expect(Math.abs(drawn - power3Out(t))).toBeLessThan(0.001);
    }
  });

  it('loads no script for the motion (no GSAP)', () => {
    const source = readFileSync(join(import.meta.dirname, 'hero.tsx'), 'utf8');
    expect(source).not.toMatch(/gsap/);
  });
});

describe('hero.module.css', () => {
  it('runs the keyframes with those values, the second line a stagger later, only when motion is welcome', () => {
    const css = readFileSync(join(import.meta.dirname, 'hero.module.css'), 'utf8');
    const motion = css.slice(css.indexOf('@media (prefers-reduced-motion: no-preference)'));
    expect(css).toMatch(/from \{\s*opacity: 0;\s*transform: translateX\(var\(--hero-from-x\)\);/);
    expect(css).toMatch(/to \{\s*opacity: 1;\s*transform: none;/);
    expect(motion).toMatch(/animation-duration: var\(--hero-duration\)/);
    expect(motion).toMatch(/animation-timing-function: var\(--hero-ease\)/);
    expect(motion).toMatch(/\.line \+ \.line \{\s*animation-delay: var\(--hero-stagger\);/);
  });
});
