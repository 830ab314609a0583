// Where the emulators are, read from the environment `firebase emulators:exec` sets and
// from the hub, never hard-coded (ports may be shifted with BAGSHOP_PORT_OFFSET).
export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-bagshop';

interface HubEntry {
  host: string;
  port: number;
}

let hub: Promise<Record<string, HubEntry>> | undefined;

function hubEmulators(): Promise<Record<string, HubEntry>> {
  const hubHost = process.env.FIREBASE_EMULATOR_HUB;
  if (!hubHost) throw new Error('FIREBASE_EMULATOR_HUB is not set: run this under `firebase emulators:exec` (npm test does).');
  hub ??= fetch(`http://${hubHost}/emulators`).then((r) => r.json() as Promise<Record<string, HubEntry>>);
  return hub;
}

async function url(name: string): Promise<string> {
  const entry = (await hubEmulators())[name];
  if (!entry) throw new Error(`The ${name} emulator is not running`);
  return `http://${entry.host}:${entry.port}`;
}

/** The shop as users get it: Hosting, which rewrites /api/** to the function. */
export const hostingUrl = () => url('hosting');
export const firestoreUrl = () => url('firestore');
export const authUrl = () => url('auth');
/** The function itself on the Functions emulator, without Hosting's proxy in front. */
export const functionUrl = async () => `${await url('functions')}/${PROJECT_ID}/asia-south1/api`;
