// Where the one Firebase Auth instance is announced. lib/firebase.ts creates it and calls
// authInitialised(); lib/auth-loader.ts (which loads lib/firebase.ts lazily) and whoever else
// needs it listen here. A module of its own so that neither of those two imports the other
// both ways (an import cycle).
import type { Auth } from 'firebase/auth';

type Watcher = (auth: Auth) => void;

let current: Auth | null = null;
const watchers = new Set<Watcher>();

/** Called once by lib/firebase.ts when it creates the Auth instance. */
export function authInitialised(auth: Auth): void {
  current = auth;
  for (const watch of [...watchers]) watch(auth);
  watchers.clear();
}

/** The Auth instance if some code has loaded it already, else null (nothing is loaded). */
export function loadedAuth(): Auth | null {
  return current;
}

/** Runs `watch` with Auth as soon as it exists (at once if it already does). Returns an unsubscribe. */
export function whenAuthLoaded(watch: Watcher): () => void {
  if (current) {
    watch(current);
    return () => {};
  }
  watchers.add(watch);
  return () => watchers.delete(watch);
}
