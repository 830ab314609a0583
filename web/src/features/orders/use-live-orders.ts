import { orderFromData, type Order } from '@bagshop/domain';
import { collection, doc, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore, useFirestoreCollection, useFirestoreDoc } from 'reactfire';
import { plainData } from '../../lib/firestore';

export const ORDERS_PAGE = 50;

/** The shopper's newest orders, live (the query the rules allow: own uid, at most 50). */
export function useLiveOrders(uid: string): { status: 'loading' | 'error' | 'success'; orders: Order[] } {
  const db = useFirestore();
  const ordersQuery = useMemo(
    () => query(collection(db, 'orders'), where('userId', '==', uid), orderBy('createdAt', 'desc'), limit(ORDERS_PAGE)),
    [db, uid],
  );
  const result = useFirestoreCollection(ordersQuery);
  const orders = useMemo(
    () => (result.status === 'success' ? result.data.docs.map((d) => orderFromData(d.id, plainData(d.data()))) : []),
    [result.status, result.data],
  );
  if (result.status === 'error') console.error('Orders read failed', result.error);
  return { status: result.status, orders };
}

/** One order, live. `null` when it does not exist or is not the reader's (the rules deny it). */
export function useLiveOrder(id: string): { status: 'loading' | 'ready'; order: Order | null } {
  const db = useFirestore();
  const ref = useMemo(() => doc(db, 'orders', id), [db, id]);
  const result = useFirestoreDoc(ref);
  const order = useMemo(
    () => (result.status === 'success' && result.data.exists() ? orderFromData(result.data.id, plainData(result.data.data())) : null),
    [result.status, result.data],
  );
  if (result.status === 'loading') return { status: 'loading', order: null };
  return { status: 'ready', order };
}
