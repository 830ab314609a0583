import type { User } from '@bagshop/domain';
import type { User as FirebaseUser } from 'firebase/auth';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiData } from './api-client';
import { loadAuth, loadedAuth, maySignedInUserExist, rememberSignedIn, whenAuthLoaded } from './auth-loader';

/** The uid signed in to Firebase right now (null while Auth is not loaded: nobody is). */
const currentFirebaseUser = () => loadedAuth()?.currentUser ?? null;

export interface Session {
  user: User | null;
  firebaseUser: FirebaseUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** True until the first auth state is known and while the profile of a new sign-in loads. */
  loading: boolean;
  /** Replace the session user (after a profile update). */
  setUser: (user: User | null) => void;
  /** Fetch the profile again from the API (always a new request). */
  refresh: () => Promise<User | null>;
  /**
   * The profile of whoever is signed in to Firebase right now: shares the request the auth
   * listener already started, so a sign-in form can greet the user without a second fetch.
   */
  loadUser: () => Promise<User | null>;
  /** Clears the local session even if the server call fails (docs/spec.md §4). */
  logout: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [firebaseUser, setFirebaseUser] = useState<FirebaseUser | null>(null);
  const [loading, setLoading] = useState(true);
  // The profile request in flight, per uid, and the uid whose profile is loaded.
  const inflight = useRef<{ uid: string; promise: Promise<User | null> } | null>(null);
  const loadedUid = useRef<string | null>(null);
  const loadedRole = useRef<User['role'] | null>(null);

  const fetchProfile = useCallback((uid: string): Promise<User | null> => {
    const promise = apiData<User>('users/currentUser').then(
      (profile) => {
        // A sign-out or another sign-in while this was in flight wins.
        if (currentFirebaseUser()?.uid !== uid) return null;
        loadedUid.current = uid;
        loadedRole.current = profile.role;
        setUser(profile);
        return profile;
      },
      () => {
        // A start-up fetch failure means logged out (docs/spec.md §4).
        if (currentFirebaseUser()?.uid === uid) {
          loadedUid.current = null;
          setUser(null);
        }
        return null;
      },
    );
    inflight.current = { uid, promise };
    void promise.finally(() => {
      if (inflight.current?.promise === promise) inflight.current = null;
    });
    return promise;
  }, []);

  const loadUser = useCallback(async (): Promise<User | null> => {
    const current = currentFirebaseUser();
    if (!current) return null;
    if (inflight.current?.uid === current.uid) return inflight.current.promise;
    return fetchProfile(current.uid);
  }, [fetchProfile]);

  const refresh = useCallback(async (): Promise<User | null> => {
    const current = currentFirebaseUser();
    if (!current) return null;
    return fetchProfile(current.uid);
  }, [fetchProfile]);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    // Whoever loads Auth (this effect, or a sign-in screen), the session follows its user.
    const stopWaiting = whenAuthLoaded((auth) => {
      if (!active) return;
      unsubscribe = auth.onIdTokenChanged(async (next) => {
        setFirebaseUser(next);
        rememberSignedIn(Boolean(next));
        if (!next) {
          loadedUid.current = null;
          setUser(null);
          setLoading(false);
          return;
        }
        if (loadedUid.current === next.uid) {
          // A token refresh of the same user needs no new profile, unless it brought another
          // role (the API refused the old token after a role change: lib/api-client.ts).
          const claims = await next.getIdTokenResult().then(
            (r) => r.claims,
            () => null,
          );
          const role = claims?.role === 'admin' ? 'admin' : 'customer';
          if (claims && role !== loadedRole.current && currentFirebaseUser()?.uid === next.uid) await fetchProfile(next.uid);
          return;
        }
        setLoading(true);
        await loadUser();
        if (currentFirebaseUser()?.uid === next.uid) setLoading(false);
      });
    });
    // Auth loads at start only if someone may be signed in here; otherwise the visitor is
    // signed out at once and Auth waits until a screen needs it (docs/storefront.md).
    void maySignedInUserExist().then((maybe) => {
      if (!active) return;
      if (maybe) {
        loadAuth().catch((error: unknown) => {
          console.error('Firebase Auth could not load', error);
          if (active) setLoading(false);
        });
      } else if (!loadedAuth()) {
        // A transition: this lands while a server-drawn page may still be hydrating, and an
        // urgent update would make React hydrate what is left in one long task
        // (docs/decisions/0020-prerendered-public-pages.md).
        startTransition(() => setLoading(false));
      }
    });
    return () => {
      active = false;
      stopWaiting();
      unsubscribe?.();
    };
  }, [loadUser, fetchProfile]);

  const logout = useCallback(async () => {
    try {
      await apiData('users/logout', { method: 'POST', body: {} });
    } catch {
      // A logout failure is ignored (docs/spec.md §8): the local session is cleared regardless.
    }
    loadedUid.current = null;
    setUser(null);
    try {
      await loadedAuth()?.signOut();
    } catch {
      // Signing out of Firebase only fails when its storage is unavailable; the user is gone locally.
    }
  }, []);

  const replaceUser = useCallback((next: User | null) => {
    loadedUid.current = next?._id ?? null;
    loadedRole.current = next?.role ?? null;
    setUser(next);
  }, []);

  const value = useMemo<Session>(
    () => ({
      user,
      firebaseUser,
      isAuthenticated: Boolean(user),
      isAdmin: user?.role === 'admin',
      loading,
      setUser: replaceUser,
      refresh,
      loadUser,
      logout,
    }),
    [user, firebaseUser, loading, replaceUser, refresh, loadUser, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
