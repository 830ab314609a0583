// Imported only by lazily loaded screens, so reactfire and the Firestore SDK stay out of
// the entry bundle (lib/firestore.ts says the same of getDb).
import type { ReactNode } from 'react';
import { FirebaseAppProvider, FirestoreProvider } from 'reactfire';
import { firebaseApp } from '../lib/firebase';
import { getDb } from '../lib/firestore';

/** reactfire's providers for the screens that read Firestore live (cart, orders). */
export function FirestoreScope({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <FirestoreProvider sdk={getDb()}>{children}</FirestoreProvider>
    </FirebaseAppProvider>
  );
}
