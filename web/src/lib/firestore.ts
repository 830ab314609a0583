// Imported only by lazily loaded screens (cart, orders, admin), so the Firestore SDK is
// not part of the first paint of the storefront.
import { connectFirestoreEmulator, getFirestore, Timestamp, type Firestore } from 'firebase/firestore';
import { toPlainData } from '@bagshop/domain';
import { config } from './config';
import { firebaseApp } from './firebase';

let instance: Firestore | undefined;

export function getDb(): Firestore {
  if (!instance) {
    instance = getFirestore(firebaseApp);
    if (config.useEmulators) connectFirestoreEmulator(instance, config.emulatorHost, config.firestoreEmulatorPort);
  }
  return instance;
}

/**
 * The SPA's edge for the codecs of domain/src/codecs: a document's data with every Timestamp
 * as an ISO string, the plain shape those codecs read (decision 0003).
 */
export function plainData(value: unknown): unknown {
  return toPlainData(value, (v) => (v instanceof Timestamp ? v.toDate() : null));
}
