// Imported only by lazily loaded screens (cart, orders, admin), so the Firestore SDK is
// not part of the first paint of the storefront.
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
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
