import { Button, Container, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { afterNextPaint } from '../../../lib/after-paint';
import classes from './hero.module.css';
import { MAIN_PICTURE } from '../../../lib/main-picture';

export const HEADLINES = ['From Office to Adventure', "We've Got Your Back"] as const;

/** How long the headlines may wait for GSAP before they simply show (slow network, failed load). */
const GSAP_WAIT_MS = 2500;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The hero of docs/spec.md §1: two uppercase headlines that slide in from x −100 px with a fade
 * (2 s each, 0.5 s apart, 'power3.out') and the bag image (alt 'bag'). GSAP is requested only
 * once the hero has painted and never under prefers-reduced-motion; the image is the LCP element
 * and is in the first render with its size, eager and high priority.
 */
export function Hero() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // 'pending' in the first render everywhere, so the prerendered HTML (no window there) and
  // the hydrating render agree; under reduced motion the CSS shows the lines in that state anyway.
  const [motion, setMotion] = useState<'pending' | 'running' | 'off'>('pending');

  useEffect(() => {
    if (prefersReducedMotion()) {
      setMotion('off');
      return;
    }
    let cancelled = false;
    let revert: (() => void) | undefined;
    const giveUp = window.setTimeout(() => {
      cancelled = true;
      setMotion('off');
    }, GSAP_WAIT_MS);
    const animate = () =>
      // GSAP's core without its CSS plugin (20 instead of 27 KB gz): it tweens each line's
      // x and opacity as numbers and the update writes them as the line's transform and opacity.
      import('gsap/gsap-core')
        .then(({ gsap }) => {
          if (cancelled || !titleRef.current) return;
          window.clearTimeout(giveUp);
          const lines = [...titleRef.current.querySelectorAll<HTMLElement>('[data-line]')];
          const states = lines.map(() => ({ x: -100, opacity: 0 }));
          const draw = () =>
            lines.forEach((line, i) => {
              const state = states[i];
              if (!state) return;
              line.style.transform = `translate(${state.x}px, 0px)`;
              line.style.opacity = String(state.opacity);
            });
          draw();
          const tween = gsap.to(states, { x: 0, opacity: 1, duration: 2, stagger: 0.5, ease: 'power3.out', onUpdate: draw });
          revert = () => {
            tween.kill();
            for (const line of lines) {
              line.style.removeProperty('transform');
              line.style.removeProperty('opacity');
            }
          };
          setMotion('running');
        })
        .catch((error: unknown) => {
          console.error('Hero animation unavailable', error);
          window.clearTimeout(giveUp);
          if (!cancelled) setMotion('off');
        });
    // GSAP (~20 KB gz) is asked for once the hero has painted, not during the first frame.
    const stopWaitingForPaint = afterNextPaint(() => void animate());
    return () => {
      cancelled = true;
      stopWaitingForPaint();
      window.clearTimeout(giveUp);
      revert?.();
    };
    // Runs once: later state changes only record what happened.
  }, []);

  return (
    <section className={classes.hero} aria-label="Welcome">
      <Container size="xl" py={{ base: 32, md: 56 }}>
        <div className={classes.grid}>
          <div>
            <h1 className={classes.title} ref={titleRef} data-motion={motion}>
              {HEADLINES.map((line) => (
                <span key={line} className={classes.line} data-line>
                  {line}
                </span>
              ))}
            </h1>
            <Text fz={{ base: 'md', md: 'xl' }} c="gray.8" mt="lg" maw={520}>
              Luggage, backpacks and duffles built for a 5-year lifespan, with a lifetime warranty and free shipping on all orders across
              India.
            </Text>
            <Group mt="xl" gap="sm">
              <Button component={Link} to="/luggage" size="md">
                Shop Luggage
              </Button>
              <Button component={Link} to="/backpacks" size="md" variant="default">
                Browse Backpacks
              </Button>
            </Group>
          </div>
          <figure className={classes.figure}>
            <img
              className={classes.image}
              src="/hero-bag.webp"
              srcSet="/hero-bag-480.webp 480w, /hero-bag.webp 900w"
              sizes="(min-width: 48em) 460px, 320px"
              alt="bag"
              width={900}
              height={900}
              loading="eager"
              fetchPriority="high"
              elementtiming={MAIN_PICTURE}
            />
          </figure>
        </div>
      </Container>
    </section>
  );
}
