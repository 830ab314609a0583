import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { zipSync } from 'fflate';
import { HOST, PORTS, ROOT, type PortName } from './env.js';

const DEBIAN_FIRESTORE_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

export class PreflightError extends Error {}

/** Java 11+ runs the Firestore emulator; firebase-tools 14 accepts 17. */
export function checkJava(): void {
  try {
    const out = execFileSync('java', ['-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    void out;
  } catch {
    throw new PreflightError(
      'Java is missing. The Firestore emulator needs a Java runtime (17 works): `apt-get install -y openjdk-17-jre-headless`.',
    );
  }
}

/**
 * firebase-tools cannot download the Firestore emulator jar offline. Debian's
 * google-cloud-cli-firestore-emulator ships one without a Main-Class, so we write a tiny
 * launcher jar whose manifest points at it (docs/platform.md "Emulators offline"). Returns the env to export,
 * or nothing where the Debian jar is absent (firebase-tools then downloads as usual).
 */
export function firestoreEmulatorEnv(): Record<string, string> {
  if (process.env.FIRESTORE_EMULATOR_BINARY_PATH) return {};
  if (!existsSync(DEBIAN_FIRESTORE_JAR)) {
    console.warn(
      `Note: ${DEBIAN_FIRESTORE_JAR} not found; firebase-tools will try to download the Firestore emulator.\n` +
        '      Offline, install it with `apt-get install -y google-cloud-cli-firestore-emulator`.',
    );
    return {};
  }
  const dir = resolve(ROOT, '.emulators');
  mkdirSync(dir, { recursive: true });
  const jar = resolve(dir, 'firestore-launcher.jar');
  if (!existsSync(jar)) writeFileSync(jar, manifestOnlyJar(DEBIAN_FIRESTORE_JAR));
  return { FIRESTORE_EMULATOR_BINARY_PATH: jar };
}

function manifestOnlyJar(target: string): Buffer {
  const manifest = Buffer.from(
    [
      'Manifest-Version: 1.0',
      'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore',
      ...wrapManifestLine(`Class-Path: file://${target}`),
      '',
      '',
    ].join('\r\n'),
  );
  return Buffer.from(zipSync({ 'META-INF/MANIFEST.MF': manifest }, { level: 0 }));
}

/** Manifest lines are at most 72 bytes; continuation lines start with one space. */
function wrapManifestLine(line: string): string[] {
  const out = [line.slice(0, 72)];
  for (let i = 72; i < line.length; i += 71) out.push(` ${line.slice(i, i + 71)}`);
  return out;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once('error', () => resolvePromise(false));
    server.listen(port, HOST, () => server.close(() => resolvePromise(true)));
  });
}

/** Fails with a clear message naming every taken port. */
export async function checkPorts(names: PortName[]): Promise<void> {
  const taken: string[] = [];
  for (const name of names) {
    if (!(await portFree(PORTS[name]))) taken.push(`${name} ${PORTS[name]}`);
  }
  if (taken.length) {
    throw new PreflightError(
      `These ports are already in use: ${taken.join(', ')}.\n` +
        'Stop whatever holds them (another `npm start`?  `lsof -i :PORT` shows it), or shift every port with\n' +
        'BAGSHOP_PORT_OFFSET=100 npm start',
    );
  }
}

export const EMULATOR_PORTS: PortName[] = [
  'hosting',
  'functions',
  'firestore',
  'firestoreWs',
  'auth',
  'hub',
  'logging',
  'eventarc',
  'tasks',
];
