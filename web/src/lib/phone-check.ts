// The reCAPTCHA token Firebase Auth wants with every request for an SMS code outside the
// emulators (docs/accounts-privacy.md, "Verified phone"): an invisible RecaptchaVerifier, run
// when the shopper presses Send code. The API passes the token to Identity Toolkit's
// sendVerificationCode. The Auth emulator sends codes without it, so no Google script loads there.
import { config } from './config';
import { loadAuth } from './auth-loader';

export async function phoneCheckToken(container: HTMLElement): Promise<string | undefined> {
  if (config.useEmulators) return undefined;
  const [auth, { RecaptchaVerifier }] = await Promise.all([loadAuth(), import('firebase/auth')]);
  const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    return await verifier.verify();
  } finally {
    verifier.clear();
  }
}
