import type { MetaFunction } from 'react-router';
import { HomePage } from '../../features/catalog/components/home-page';
import { staticTags } from './seo';

export const meta: MetaFunction = ({ matches }) => staticTags('/', matches);

/** The hero's picture, the home page's LCP element: asked for with the HTML, at high priority. */
export const links = () => [
  {
    rel: 'preload',
    as: 'image',
    href: '/hero-bag.webp',
    imageSrcSet: '/hero-bag-480.webp 480w, /hero-bag.webp 900w',
    imageSizes: '(min-width: 48em) 460px, 320px',
    fetchPriority: 'high',
  },
];

export default function Home() {
  return <HomePage />;
}
