// Parsed once: every setting the SPA reads from the build environment. Plain checks
// rather than zod, so the schema library stays out of the storefront's first load.
import { EMULATOR_HOST, LOCAL_PORTS } from '@bagshop/domain';

const env = import.meta.env as Record<string, string | undefined>;

function text(name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function port(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number, got '${raw}'`);
  return value;
}

const useEmulatorsRaw = text('VITE_USE_EMULATORS', 'false');
if (useEmulatorsRaw !== 'true' && useEmulatorsRaw !== 'false') throw new Error(`VITE_USE_EMULATORS must be 'true' or 'false'`);
const projectId = text('VITE_FIREBASE_PROJECT_ID', 'demo-bagshop');
const appId = env.VITE_FIREBASE_APP_ID?.trim();

export const config = {
  useEmulators: useEmulatorsRaw === 'true' || import.meta.env.DEV,
  emulatorHost: EMULATOR_HOST,
  authEmulatorPort: port('VITE_AUTH_EMULATOR_PORT', LOCAL_PORTS.auth),
  firestoreEmulatorPort: port('VITE_FIRESTORE_EMULATOR_PORT', LOCAL_PORTS.firestore),
  firebase: {
    apiKey: text('VITE_FIREBASE_API_KEY', 'demo-api-key'),
    authDomain: text('VITE_FIREBASE_AUTH_DOMAIN', `${projectId}.firebaseapp.com`),
    projectId,
    ...(appId ? { appId } : {}),
  },
  apiTimeoutMs: 10_000,
  /** Whose payment page "Pay Online" opens (the checkout's label): VITE_PAYMENT_PROVIDER, set from PAYMENT_PROVIDER by npm start. */
  paymentProvider: (env.VITE_PAYMENT_PROVIDER?.trim().toLowerCase() === 'razorpay' ? 'razorpay' : 'stripe') as 'stripe' | 'razorpay',
} as const;
