import { orderFromData, type Order } from '@bagshop/domain';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { plainData, plainDoc } from '../lib/firestore-data.js';

/** The API shape of an order document (the codec: domain/src/codecs/order.ts). */
export function toOrder(snap: DocumentSnapshot): Order {
  return orderFromData(snap.id, plainDoc(snap));
}

/** The API shape of order data about to be written (Timestamps still in it). */
export function orderFromWrite(id: string, data: FirebaseFirestore.DocumentData): Order {
  return orderFromData(id, plainData(data));
}
