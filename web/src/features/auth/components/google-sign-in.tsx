import { Button } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { browserPopupRedirectResolver, GoogleAuthProvider, signInWithCredential, signInWithPopup } from 'firebase/auth';
import { useState } from 'react';
import { config } from '../../../lib/config';
import { getFirebaseAuth } from '../../../lib/firebase';
import { GoogleAccountChooser } from '../../../components/google-account-chooser';

export const GOOGLE_FAILED = 'Google login failed, please try again.';

export interface GoogleSignInProps {
  /** Called just before the sign-in starts. */
  onStart?: () => void;
  /** Called once Firebase has signed the user in. */
  onSignedIn: () => Promise<void>;
  /** Called when Google sign-in fails (not when the user closes the chooser). */
  onFailed: (error: unknown) => void;
}

/** 'Continue with Google': Google's popup in production, the in-app chooser on the emulators. */
export function GoogleSignIn({ onStart, onSignedIn, onFailed }: GoogleSignInProps) {
  const [chooserOpen, setChooserOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (signIn: () => Promise<unknown>) => {
    setBusy(true);
    onStart?.();
    try {
      await signIn();
      setChooserOpen(false);
      await onSignedIn();
    } catch (error) {
      console.error('Google sign-in failed', error);
      onFailed(error);
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    if (config.useEmulators) {
      setChooserOpen(true);
      return;
    }
    void run(() => signInWithPopup(getFirebaseAuth(), new GoogleAuthProvider(), browserPopupRedirectResolver));
  };

  return (
    <>
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        onClick={start}
        loading={busy && !chooserOpen}
      >
        Continue with Google
      </Button>
      <GoogleAccountChooser
        opened={chooserOpen}
        onClose={() => setChooserOpen(false)}
        busy={busy}
        onChoose={(credential) => run(() => signInWithCredential(getFirebaseAuth(), credential))}
      />
    </>
  );
}
