/**
 * The hero's entrance (docs/spec.md §1): each headline slides in from 100 px to the left with a
 * fade, 2 s each, the second 0.5 s after the first, easing GSAP's 'power3.out'. Drawn by CSS
 * from the first paint (hero.module.css), with no script: these values reach it as custom
 * properties on the `<h1>` (docs/decisions/0036-what-hydrates-when.md).
 */
export const HERO_MOTION = {
  /** Where each line starts, px on x (GSAP's `x: -100`). */
  fromX: -100,
  /** Each line's tween, s (GSAP's `duration: 2`). */
  duration: 2,
  /** Between the lines' starts, s (GSAP's `stagger: 0.5`). */
  stagger: 0.5,
  ease: 'power3.out',
} as const;

/** GSAP's power3.out: 1 − (1 − t)³. */
export const power3Out = (t: number) => 1 - (1 - t) ** 3;

/**
 * power3.out as a CSS `linear()` easing: the curve sampled at `steps` + 1 points (Chromium,
 * Firefox and Safari 17.2+ draw straight lines between them; at 40 steps the curve is off by
 * less than 0.1 % of the way). Browsers without `linear()` keep the cubic-bezier before it
 * in the stylesheet, the same curve to within 1 %.
 */
export function power3OutLinear(steps = 40): string {
  const points = Array.from({ length: steps + 1 }, (_, i) => {
    const v = power3Out(i / steps);
    return Number(v.toFixed(4)).toString();
  });
  return `linear(${points.join(', ')})`;
}

/** The custom properties hero.module.css animates with. */
export const heroMotionStyle = {
  '--hero-from-x': `${HERO_MOTION.fromX}px`,
  '--hero-duration': `${HERO_MOTION.duration}s`,
  '--hero-stagger': `${HERO_MOTION.stagger}s`,
  '--hero-ease': power3OutLinear(),
} as const;
