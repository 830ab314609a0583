// Firebase Auth (~30 KB gz with firebase/app) is not part of the entry chunk. The session
// loads it at start only when someone may be signed in on this browser; a signed-out visitor
// gets it when a screen needs it (the sign-in page, Google sign-in, change password, admin).
// Whoever initialises Auth first (lib/firebase.ts), the session hears about it through
// lib/auth-instance.ts.
import type { Auth } from 'firebase/auth';

export { loadedAuth, whenAuthLoaded } from './auth-instance';

let requested: Promise<Auth> | null = null;

/** Load Firebase Auth (once) and resolve when its persisted user, if any, is restored. */
export function loadAuth(): Promise<Auth> {
  requested ??= import('./firebase').then(async ({ getFirebaseAuth }) => {
    const auth = getFirebaseAuth();
    await auth.authStateReady();
    return auth;
  });
  return requested;
}

// Our own hint, kept by the session: someone was signed in on this browser at the last visit.
const HINT_KEY = 'bagshop.signedIn';

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage unavailable (private mode): the Firebase check below still decides.
  }
}

const FIREBASE_USER_KEY = 'firebase:authUser:';
const FIREBASE_DB = 'firebaseLocalStorageDb';
const FIREBASE_STORE = 'firebaseLocalStorage';

/**
 * May a user be signed in on this browser, i.e. must Auth load now to restore them? True when
 * our hint says so, or when Firebase's own persistence (IndexedDB `firebaseLocalStorageDb`, or
 * localStorage as its fallback) holds a `firebase:authUser:` record. Looks without creating
 * anything; whenever it cannot tell, it answers true (Auth loads, as it always used to).
 */
export async function maySignedInUserExist(): Promise<boolean> {
  try {
    if (localStorage.getItem(HINT_KEY)) return true;
    for (let i = 0; i < localStorage.length; i += 1) if (localStorage.key(i)?.startsWith(FIREBASE_USER_KEY)) return true;
  } catch {
    return true;
  }
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    if (!databases.some((db) => db.name === FIREBASE_DB)) return false;
    return await storedFirebaseUser();
  } catch {
    return true;
  }
}

function storedFirebaseUser(): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open(FIREBASE_DB);
    open.onerror = () => resolve(true);
    open.onblocked = () => resolve(true);
    open.onsuccess = () => {
      const db = open.result;
      try {
        if (!db.objectStoreNames.contains(FIREBASE_STORE)) {
          db.close();
          resolve(false);
          return;
        }
        const keys = db.transaction(FIREBASE_STORE, 'readonly').objectStore(FIREBASE_STORE).getAllKeys();
        keys.onsuccess = () => {
          db.close();
          resolve(keys.result.some((key) => String(key).startsWith(FIREBASE_USER_KEY)));
        };
        keys.onerror = () => {
          db.close();
          resolve(true);
        };
      } catch {
        db.close();
        resolve(true);
      }
    };
  });
}
