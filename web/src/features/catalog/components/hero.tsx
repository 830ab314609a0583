import { Container, Group, Text } from '@mantine/core';
import type { ShippingWording } from '@bagshop/domain';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import button from '../../../components/plain-button.module.css';
import { heroMotionStyle } from '../lib/hero-motion';
import classes from './hero.module.css';
import { MAIN_PICTURE } from '../../../lib/main-picture';
import { warrantyHeadline } from '@bagshop/domain';
import { useWarrantyTerms } from '../../../components/sold-by';
import { useI18n } from '../../../lib/i18n';

/** The catalogue keys of the two headlines (lib/i18n: 'From Office to Adventure', "We've Got Your Back"). */
export const HEADLINES = ['home.headline1', 'home.headline2'] as const;

/**
 * The hero of docs/spec.md §1: two uppercase headlines that slide in from x −100 px with a fade
 * (2 s each, 0.5 s apart, 'power3.out') and the bag image (alt 'bag'). The motion is CSS, from
 * the first paint, with its values from lib/hero-motion.ts: no script to wait for, and nothing
 * moves under prefers-reduced-motion. The image is the LCP element and is in the first render
 * with its size, eager and high priority.
 */
/** `shipping`: the delivery wording from the shipping settings (issue 40). */
export function Hero({ shipping }: { shipping: ShippingWording }) {
  const warranty = warrantyHeadline(useWarrantyTerms());
  const { t, path } = useI18n();
  return (
    <section className={classes.hero} aria-label={t('home.welcome')}>
      <Container size="xl" py={{ base: 32, md: 56 }}>
        <div className={classes.grid}>
          <div>
            <h1 className={classes.title} style={heroMotionStyle as CSSProperties}>
              {HEADLINES.map((line) => (
                <span key={line} className={classes.line} data-line>
                  {t(line)}
                </span>
              ))}
            </h1>
            <Text fz={{ base: 'md', md: 'xl' }} c="gray.8" mt="lg" maw={520}>
              {t('home.lede', {
                warranty: warranty ? `a ${warranty.toLowerCase()}` : t('home.care'),
                freeShipping: shipping.freeTitle.toLowerCase(),
              })}
            </Text>
            <Group mt="xl" gap="sm">
              <Link to={path('/luggage')} className={`${button.button} ${button.md}`}>
                {t('home.shopLuggage')}
              </Link>
              <Link to={path('/backpacks')} className={`${button.button} ${button.md} ${button.default}`}>
                {t('home.browseBackpacks')}
              </Link>
            </Group>
          </div>
          <figure className={classes.figure}>
            <img
              className={classes.image}
              src="/hero-bag.webp"
              srcSet="/hero-bag-480.webp 480w, /hero-bag.webp 900w"
              sizes="(min-width: 48em) 460px, 320px"
              alt={t('home.heroAlt')}
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
