import { z } from 'zod';

// Parsed once: every setting the SPA reads from the build environment.
const schema = z.object({
  VITE_USE_EMULATORS: z.enum(['true', 'false']).default('false'),
  VITE_FIREBASE_PROJECT_ID: z.string().min(1).default('demo-bagshop'),
  VITE_FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
  VITE_FIREBASE_AUTH_DOMAIN: z.string().optional(),
  VITE_FIREBASE_APP_ID: z.string().optional(),
  VITE_AUTH_EMULATOR_PORT: z.coerce.number().int().default(9099),
  VITE_FIRESTORE_EMULATOR_PORT: z.coerce.number().int().default(8080),
});

const env = schema.parse(import.meta.env);

export const config = {
  useEmulators: env.VITE_USE_EMULATORS === 'true' || import.meta.env.DEV,
  emulatorHost: '127.0.0.1',
  authEmulatorPort: env.VITE_AUTH_EMULATOR_PORT,
  firestoreEmulatorPort: env.VITE_FIRESTORE_EMULATOR_PORT,
  firebase: {
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${env.VITE_FIREBASE_PROJECT_ID}.firebaseapp.com`,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    ...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
  },
  apiTimeoutMs: 10_000,
} as const;
