import PaymentCancelPage from '../../features/payments/components/payment-cancel-page';

export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Payment Cancelled');

export default function Route() {
  return <PaymentCancelPage />;
}
