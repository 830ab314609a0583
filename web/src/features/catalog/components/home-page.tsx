// Side-effect imports: the sections' CSS is linked with the route (in the head, with the
// HTML), although their code is a chunk of its own that arrives after the first pass.
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/AspectRatio.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '../../../components/plain-button.module.css';
import './home-sections.module.css';
import './products-carousel.module.css';
import './product-card.module.css';
import '../../../components/rating-stars.module.css';
import { Center, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useI18n } from '../../../lib/i18n';
import type { HomeData } from '../lib/home-data';
import { Hero } from './hero';

// Everything below the hero (carousel, promos, category grid) is drawn by the server with the
// page and hydrated from its own chunk, inside its own Suspense boundary: the first pass
// hydrates the header and the hero (what a first tap meets), and this part after it, in a task
// of its own (docs/decisions/0036-what-hydrates-when.md). Until its chunk is in, React keeps
// the server's markup; its links and forms work as HTML meanwhile.
const HomeSections = lazy(() => import('./home-sections'));

function LoadingProducts() {
  const { t } = useI18n();
  return (
    <Center py={60} mih={360}>
      <Text c="gray.7" aria-live="polite">
        {t('home.loading')}
      </Text>
    </Center>
  );
}

export function HomePage({ data }: { data: HomeData }) {
  return (
    <>
      <Hero shipping={data.shipping} />
      {/* Seen only when the app moves to / and the chunk is not in yet (docs/spec.md §2 Home). */}
      <Suspense fallback={<LoadingProducts />}>
        <HomeSections data={data} />
      </Suspense>
    </>
  );
}
