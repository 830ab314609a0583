import {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  type OAuthCredential,
} from 'firebase/auth';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { config } from '../../../lib/config';
import { getFirebaseAuth } from '../../../lib/firebase';
import { GoogleAccountChooser } from '../../../components/google-account-chooser';

/** The person closed the Google window (or the emulator chooser) without confirming. */
export class ReauthCancelled extends Error {
  constructor() {
    super('Google confirmation was cancelled');
    this.name = 'ReauthCancelled';
  }
}

/**
 * Signing in with Google again, for changes the API lets a Google account make only right
 * after a Google sign-in (an email change: docs/api-accounts.md). Google's popup in production;
 * on the emulators the in-app chooser, prefilled with the signed-in Google account.
 * Render `chooser` somewhere in the tree; `reauthenticate()` resolves once it is done.
 */
export function useGoogleReauth(): { reauthenticate: () => Promise<void>; chooser: ReactNode } {
  const pending = useRef<{ resolve: () => void; reject: (error: unknown) => void } | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const user = getFirebaseAuth().currentUser;
  const google = user?.providerData.find((p) => p.providerId === 'google.com');

  const reauthenticate = useCallback((): Promise<void> => {
    const current = getFirebaseAuth().currentUser;
    if (!current) return Promise.reject(new Error('You are not signed in'));
    if (!config.useEmulators) {
      return reauthenticateWithPopup(current, new GoogleAuthProvider(), browserPopupRedirectResolver).then(() => undefined);
    }
    return new Promise<void>((resolve, reject) => {
      pending.current = { resolve, reject };
      setOpen(true);
    });
  }, []);

  const settle = (error?: unknown) => {
    const waiting = pending.current;
    pending.current = null;
    setOpen(false);
    if (error === undefined) waiting?.resolve();
    else waiting?.reject(error);
  };

  const choose = async (credential: OAuthCredential) => {
    const current = getFirebaseAuth().currentUser;
    if (!current) return settle(new Error('You are not signed in'));
    setBusy(true);
    try {
      await reauthenticateWithCredential(current, credential);
      settle();
    } catch (error) {
      settle(error);
    } finally {
      setBusy(false);
    }
  };

  const chooser = (
    <GoogleAccountChooser
      opened={open}
      onClose={() => settle(new ReauthCancelled())}
      busy={busy}
      onChoose={choose}
      title="Confirm with Google"
      account={google ? { email: google.email ?? '', name: google.displayName ?? '' } : undefined}
    />
  );
  return { reauthenticate, chooser };
}
