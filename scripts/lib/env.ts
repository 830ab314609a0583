import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMULATOR_HOST, LOCAL_PORTS, type LocalPortName } from '../../domain/src/ports.ts';
import { hostingHeaders } from './hosting-headers.ts';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const PROJECT_ID = 'demo-bagshop';
export const REGION = 'asia-south1';

/**
 * Ports of docs/decisions/0013-ports-and-offset.md. BAGSHOP_PORT_OFFSET shifts them all, so two checkouts (or a busy
 * shared machine) can run side by side; the shifted config goes to firebase.local.json.
 */
export const PORT_OFFSET = Number(process.env.BAGSHOP_PORT_OFFSET ?? 0) || 0;
export type PortName = LocalPortName;
export const PORTS = Object.fromEntries(Object.entries(LOCAL_PORTS).map(([k, v]) => [k, v + PORT_OFFSET])) as Record<PortName, number>;
export const HOST = EMULATOR_HOST;

export const HOSTING_URL = `http://${HOST}:${PORTS.hosting}`;
export const FUNCTIONS_URL = `http://${HOST}:${PORTS.functions}/${PROJECT_ID}/${REGION}/api`;
/** The emulator-only HTTP twin of the scheduled hold sweep (functions/src/index.ts). */
export const SWEEP_URL = `http://${HOST}:${PORTS.functions}/${PROJECT_ID}/${REGION}/sweepHoldsEmulator`;

/**
 * The firebase.json to pass with --config: the committed one with this checkout's ports
 * (BAGSHOP_PORT_OFFSET) and the local security headers (the emulator hosts in connect-src,
 * scripts/lib/hosting-headers.ts), written to the git-ignored firebase.local.json.
 */
export function firebaseConfigPath(): string {
  const committed = resolve(ROOT, 'firebase.json');
  const config = JSON.parse(readFileSync(committed, 'utf8')) as {
    emulators: Record<string, Record<string, unknown>>;
    hosting: { headers?: unknown };
  };
  setEmulatorPorts(config.emulators, PORTS);
  config.hosting.headers = hostingHeaders();
  const out = resolve(ROOT, 'firebase.local.json');
  writeFileSync(out, JSON.stringify(config, null, 2));
  return out;
}

/** firebase.json's `emulators` with these ports (the committed file has LOCAL_PORTS: `npm run headers`). */
export function setEmulatorPorts(e: Record<string, Record<string, unknown>>, ports: Readonly<Record<PortName, number>>): void {
  for (const name of ['auth', 'functions', 'firestore', 'hosting', 'hub', 'logging', 'eventarc', 'tasks'] as const) {
    const entry = e[name];
    if (entry) entry.port = ports[name];
  }
  if (e.firestore) e.firestore.websocketPort = ports.firestoreWs;
}

/** Variables the Admin SDK (seed, tests, grant-admin) needs to talk to the emulators. */
export function emulatorEnv(): Record<string, string> {
  return {
    FIRESTORE_EMULATOR_HOST: `${HOST}:${PORTS.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${PORTS.auth}`,
    FIREBASE_EMULATOR_HUB: `${HOST}:${PORTS.hub}`,
    GCLOUD_PROJECT: PROJECT_ID,
  };
}

/** Build-time settings for the SPA in local (emulator) builds. */
export function webBuildEnv(): Record<string, string> {
  return {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_AUTH_EMULATOR_PORT: String(PORTS.auth),
    VITE_FIRESTORE_EMULATOR_PORT: String(PORTS.firestore),
    VITE_FUNCTIONS_PORT: String(PORTS.functions),
    // Canonical URLs and link-preview pictures of the static pages (docs/search-and-seo.md).
    VITE_SITE_ORIGIN: process.env.VITE_SITE_ORIGIN ?? HOSTING_URL,
    // The checkout's "Pay Online" label follows the function's PAYMENT_PROVIDER (issue 24).
    VITE_PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER?.trim() || 'stripe',
  };
}

export function fileExists(path: string): boolean {
  return existsSync(resolve(ROOT, path));
}
