import { getApp, getApps, initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { authInitialised } from './auth-instance';
import { config } from './config';

export const firebaseApp = getApps().length ? getApp() : initializeApp(config.firebase);

let authInstance: Auth | undefined;

/**
 * initializeAuth instead of getAuth: getAuth eagerly loads apis.google.com's gapi script,
 * which costs load time everywhere and fails offline (docs/decisions/0012-google-sign-in-on-emulators.md). The popup resolver
 * is passed only to the Google sign-in call.
 *
 * Not imported by the entry chunk: the session reaches Auth through lib/auth-loader.ts, and the
 * screens that sign in import this module from their own lazy chunks.
 */
export function getFirebaseAuth(): Auth {
  if (!authInstance) {
    authInstance = initializeAuth(firebaseApp, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
    if (config.useEmulators) {
      connectAuthEmulator(authInstance, `http://${config.emulatorHost}:${config.authEmulatorPort}`, { disableWarnings: true });
    }
    authInitialised(authInstance);
  }
  return authInstance;
}
