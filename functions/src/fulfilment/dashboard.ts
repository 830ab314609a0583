/**
 * The dashboard's fulfilment figures (docs/fulfilment.md, "Dashboard") for the orders placed in
 * the last 30 days, from aggregation queries: no order is read, so the reads do not grow with
 * the number of orders (one per 1,000 index entries, at least one per query; issue 30).
 * Late deliveries are counted on `deliveredLate`, which the move into `completed` sets
 * (orders/transition.ts); an order delivered before that field existed counts as on time.
 */
import { FULFILMENT_DASHBOARD_DAYS, fulfilmentFiguresOf, SHIPPED_STATUSES, type FulfilmentFigures } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { orders } from '../orders/store.js';

async function count(query: FirebaseFirestore.Query): Promise<number> {
  return (await query.count().get()).data().count;
}

export async function fulfilmentDashboard(now = new Date()): Promise<FulfilmentFigures> {
  const since = Timestamp.fromMillis(now.getTime() - FULFILMENT_DASHBOARD_DAYS * 86_400_000);
  const recent = orders().where('createdAt', '>=', since);
  const of = (method: 'COD' | 'ONLINE') => recent.where('paymentMethod', '==', method);
  const completed = recent.where('status', '==', 'completed');
  const [codShipped, codReturned, prepaidShipped, prepaidReturned, delivered, late, openNdrs, awaiting, expressDelivered, expressLate] =
    await Promise.all([
      count(of('COD').where('status', 'in', SHIPPED_STATUSES)),
      count(of('COD').where('status', '==', 'returned_to_origin')),
      count(of('ONLINE').where('status', 'in', SHIPPED_STATUSES)),
      count(of('ONLINE').where('status', '==', 'returned_to_origin')),
      count(recent.where('status', '==', 'completed')),
      count(recent.where('status', '==', 'completed').where('deliveredLate', '==', true)),
      count(orders().where('ndr.status', '==', 'open')),
      count(orders().where('status', '==', 'pending').where('cod.required', '==', true).where('cod.confirmedAt', '==', null)),
      // Split by speed (issue 40): the express ones; standard is the rest (orders from before speeds included).
      count(completed.where('delivery.speed', '==', 'express')),
      count(completed.where('delivery.speed', '==', 'express').where('deliveredLate', '==', true)),
    ]);
  return fulfilmentFiguresOf({
    cod: { shipped: codShipped, returned: codReturned },
    prepaid: { shipped: prepaidShipped, returned: prepaidReturned },
    delivered,
    late,
    express: { delivered: expressDelivered, late: expressLate },
    openNdrs,
    codAwaitingConfirmation: awaiting,
  });
}
