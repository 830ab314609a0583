// Imported only by lazily loaded screens (cart, orders, admin), so the Firestore SDK is
// not part of the first paint of the storefront.
import { connectFirestoreEmulator, getFirestore, Timestamp, type Firestore } from 'firebase/firestore';
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

/** A Firestore Timestamp (or Date, or ISO string) as an ISO string; '' when absent. */
export function toIso(value: unknown): string {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  return '';
}

/** Milliseconds of a Timestamp-like value, 0 when absent (for sorting). */
export function toMillis(value: unknown): number {
  if (value instanceof Timestamp) return value.toMillis();
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') return Date.parse(value) || 0;
  return 0;
}
