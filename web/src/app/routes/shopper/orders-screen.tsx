import { useParams } from 'react-router-dom';
import { FirestoreScope } from '../../../components/firestore-scope';
import { OrderDetailPage } from '../../../features/orders/components/order-detail-page';
import { OrdersPage } from '../../../features/orders/components/orders-page';
import { useSession } from '../../../lib/session';

/** /orders and /orders/:id, read live from Firestore (a lazy chunk with reactfire). */
export default function OrdersScreen() {
  const { user } = useSession();
  const { id } = useParams();
  if (!user) return null;
  return <FirestoreScope>{id ? <OrderDetailPage id={id} /> : <OrdersPage uid={user._id} />}</FirestoreScope>;
}
