import { useParams } from 'react-router-dom';
import { FirestoreScope } from '../../../components/firestore-scope';
import { OrderDetailPage } from '../../../features/orders/components/order-detail-page';
import { OrdersPage } from '../../../features/orders/components/orders-page';
import { useSession } from '../../../lib/session';
import { Container } from '@mantine/core';
import { WarrantyList } from '../../../features/warranty/components/warranty-panel';

/** /orders and /orders/:id, read live from Firestore (a lazy chunk with reactfire). */
export default function OrdersScreen() {
  const { user } = useSession();
  const { id } = useParams();
  if (!user) return null;
  if (!id) return <FirestoreScope>{<OrdersPage uid={user._id} />}</FirestoreScope>;
  return (
    <FirestoreScope>
      <OrderDetailPage id={id} />
      {/* The order's warranties and claims (docs/warranty.md). */}
      <Container size="lg" px="md" pb="xl">
        <WarrantyList orderId={id} />
      </Container>
    </FirestoreScope>
  );
}
