import type { MetaFunction } from 'react-router';
import PaymentsPage from '../../features/disclosures/components/payments-page';
import { siteTags } from './seo';

export const meta: MetaFunction = ({ matches }) => siteTags('Payments', matches);

export default function Payments() {
  return <PaymentsPage />;
}
