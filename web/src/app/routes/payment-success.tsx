import PaymentSuccessPage from '../../features/payments/components/payment-success-page';

export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Payment');

export default function Route() {
  return <PaymentSuccessPage />;
}
