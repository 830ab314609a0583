import type { MetaFunction } from 'react-router';
import { useLocation } from 'react-router';
import { InfoPage, type InfoTopic } from '../../features/info/components/info-page';
import { siteTags } from './seo';

const TITLES: Record<InfoTopic, string> = {
  shipping: 'Shipping & Delivery',
  returns: 'Returns Policy',
  refunds: 'Refund Policy',
  cancellation: 'Cancellation Policy',
  warranty: 'Lifetime Warranty',
  contact: 'Contact Us',
};

const topicOf = (pathname: string) => pathname.split('/')[1] as InfoTopic;

export const meta: MetaFunction = ({ location, matches }) => siteTags(TITLES[topicOf(location.pathname)] ?? 'Bagshop', matches);

export default function Info() {
  const topic = topicOf(useLocation().pathname);
  return <InfoPage key={topic} topic={topic} />;
}
