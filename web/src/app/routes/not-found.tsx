import { data } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { titleTag } from './seo';

/** Any other path: the 404 page, with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [...titleTag('Page Not Found'), { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return <NotFoundPage />;
}

/** In the browser: nothing to ask the server. */
export const clientLoader = () => null;
