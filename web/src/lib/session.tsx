import type { User } from '@bagshop/domain';
import { onIdTokenChanged, signOut, type User as FirebaseUser } from 'firebase/auth';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiData } from './api-client';
import { getFirebaseAuth } from './firebase';

export interface Session {
  user: User | null;
  firebaseUser: FirebaseUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  loading: boolean;
  /** Replace the session user (after a profile update). */
  setUser: (user: User | null) => void;
  /** Fetch the profile again from the API. */
  refresh: () => Promise<User | null>;
  /** Clears the local session even if the server call fails (spec §4). */
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [firebaseUser, setFirebaseUser] = useState<FirebaseUser | null>(null);
  const [loading, setLoading] = useState(true);

  const refresh = useCallback(async () => {
    try {
      const profile = await apiData<User>('users/currentUser');
      setUser(profile);
      return profile;
    } catch {
      setUser(null);
      return null;
    }
  }, []);

  useEffect(() => {
    const auth = getFirebaseAuth();
    return onIdTokenChanged(auth, async (next) => {
      setFirebaseUser(next);
      if (!next) {
        setUser(null);
        setLoading(false);
        return;
      }
      setLoading(true);
      await refresh();
      setLoading(false);
    });
  }, [refresh]);

  const logout = useCallback(async () => {
    try {
      await apiData('users/logout', { method: 'POST', body: {} });
    } catch {
      // A logout failure is ignored (spec §8): the local session is cleared regardless.
    }
    await signOut(getFirebaseAuth());
    setUser(null);
  }, []);

  const value = useMemo<Session>(
    () => ({
      user,
      firebaseUser,
      isAuthenticated: Boolean(user),
      isAdmin: user?.role === 'admin',
      loading,
      setUser,
      refresh,
      logout,
    }),
    [user, firebaseUser, loading, refresh, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
