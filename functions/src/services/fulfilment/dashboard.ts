/** The dashboard's fulfilment figures (docs/fulfilment.md, "Dashboard"): orders placed in the last 30 days, and two counts. */
import {
  FULFILMENT_DASHBOARD_DAYS,
  fulfilmentFigures,
  type FulfilmentFact,
  type FulfilmentFigures,
  type OrderStatus,
} from '@bagshop/domain';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { orders } from '../order-store.js';

const SHIPPED: readonly string[] = ['shipped', 'out_for_delivery', 'delivery_failed', 'completed', 'returned_to_origin'];

function factOf(d: DocumentData): FulfilmentFact {
  const history = Array.isArray(d.statusHistory) ? (d.statusHistory as { status?: unknown; at?: unknown }[]) : [];
  const delivered = history.find((h) => h.status === 'completed');
  const at = delivered?.at instanceof Timestamp ? delivered.at.toDate().toISOString() : null;
  const promised = d.delivery?.deliverBy?.to;
  return {
    paymentMethod: d.paymentMethod === 'ONLINE' ? 'ONLINE' : 'COD',
    status: d.status as OrderStatus,
    shipped: SHIPPED.includes(String(d.status)),
    deliveredAt: at,
    promisedBy: typeof promised === 'string' ? promised : null,
  };
}

export async function fulfilmentDashboard(now = new Date()): Promise<FulfilmentFigures> {
  const since = Timestamp.fromMillis(now.getTime() - FULFILMENT_DASHBOARD_DAYS * 86_400_000);
  const [recent, openNdrs, awaiting] = await Promise.all([
    orders().where('createdAt', '>=', since).get(),
    orders().where('ndr.status', '==', 'open').count().get(),
    orders().where('status', '==', 'pending').where('cod.required', '==', true).where('cod.confirmedAt', '==', null).count().get(),
  ]);
  return fulfilmentFigures(
    recent.docs.map((doc) => factOf(doc.data())),
    { openNdrs: openNdrs.data().count, codAwaitingConfirmation: awaiting.data().count },
  );
}
