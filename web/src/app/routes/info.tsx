import { basePath, type DeliveryPolicy } from '@bagshop/domain';
import type { ClientLoaderFunctionArgs, LoaderFunctionArgs, MetaFunction } from 'react-router';
import { useLoaderData, useLocation } from 'react-router';
import { InfoPage, type InfoTopic } from '../../features/info/components/info-page';
import { getDeliveryPolicy } from '../../lib/delivery-api';
import { DeliveryPolicyContext } from '../../lib/use-delivery-policy';
import { pageServices } from '../page-data';
import { siteTags } from './seo';

const TITLES: Record<InfoTopic, string> = {
  shipping: 'Shipping & Delivery',
  returns: 'Returns Policy',
  refunds: 'Refund Policy',
  cancellation: 'Cancellation Policy',
  warranty: 'Lifetime Warranty',
  contact: 'Contact Us',
};

const topicOf = (pathname: string) => basePath(pathname).split('/')[1] as InfoTopic;

export const meta: MetaFunction = ({ location, matches }) => siteTags(TITLES[topicOf(location.pathname)] ?? 'Bagshop', matches);

interface InfoData {
  /** `/shipping`: the delivery rules and express settings, drawn with the page (issue 40); null elsewhere or when unreadable. */
  deliveryPolicy: DeliveryPolicy | null;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<InfoData> {
  if (topicOf(new URL(request.url).pathname) !== 'shipping') return { deliveryPolicy: null };
  return {
    deliveryPolicy: await pageServices(context, request)
      .deliveryPolicy()
      .catch(() => null),
  };
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<InfoData> {
  if (topicOf(new URL(request.url).pathname) !== 'shipping') return { deliveryPolicy: null };
  return { deliveryPolicy: await getDeliveryPolicy().catch(() => null) };
}

export default function Info() {
  const topic = topicOf(useLocation().pathname);
  const data = useLoaderData<InfoData | undefined>();
  return (
    <DeliveryPolicyContext.Provider value={data?.deliveryPolicy ?? null}>
      <InfoPage key={topic} topic={topic} />
    </DeliveryPolicyContext.Provider>
  );
}
