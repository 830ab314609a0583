import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { patchEmulatorBodyErrors } from './emulator-body-errors.js';
import { emulatorEnv, firebaseConfigPath, HOSTING_URL, PROJECT_ID, ROOT } from './env.js';
import { checkJava, checkPorts, EMULATOR_PORTS, firestoreEmulatorEnv } from './preflight.js';

export const EMULATORS = 'auth,firestore,functions,hosting';
export const DATA_DIR = resolve(ROOT, '.emulators/data');
const FIREBASE_BIN = resolve(ROOT, 'node_modules/.bin/firebase');

/** Checks Java, the Firestore launcher jar and the ports; returns the env for firebase-tools. */
export async function prepareEmulators(): Promise<NodeJS.ProcessEnv> {
  checkJava();
  patchEmulatorBodyErrors();
  const extra = firestoreEmulatorEnv();
  await checkPorts(EMULATOR_PORTS);
  return { ...process.env, ...extra };
}

export interface RunningEmulators {
  child: ChildProcess;
  exited: Promise<number>;
}

/** `firebase emulators:start`, keeping local data between runs in .emulators/data. */
export function startEmulators(
  env: NodeJS.ProcessEnv,
  options: { persist: boolean; logVerbosity?: 'DEBUG' | 'INFO' | 'QUIET' | 'SILENT' },
): RunningEmulators {
  const args = ['emulators:start', '--only', EMULATORS, '--project', PROJECT_ID, '--config', firebaseConfigPath()];
  if (options.logVerbosity) args.push('--log-verbosity', options.logVerbosity);
  if (options.persist) {
    if (existsSync(resolve(DATA_DIR, 'firebase-export-metadata.json'))) args.push('--import', DATA_DIR);
    args.push('--export-on-exit', DATA_DIR);
  }
  const child = spawn(FIREBASE_BIN, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number>((done) => child.on('exit', (code) => done(code ?? 0)));
  return { child, exited };
}

/** `firebase emulators:exec CMD`: starts the suite, runs CMD, stops; returns CMD's exit code. */
export function execWithEmulators(env: NodeJS.ProcessEnv, command: string): Promise<number> {
  const args = ['emulators:exec', '--only', EMULATORS, '--project', PROJECT_ID, '--config', firebaseConfigPath(), command];
  const child = spawn(FIREBASE_BIN, args, { cwd: ROOT, env, stdio: 'inherit' });
  return new Promise((done) => child.on('exit', (code) => done(code ?? 1)));
}

/** Waits until the whole path Hosting → function → Firestore answers. */
export async function waitForApi(timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  let lastError = '';
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(`${HOSTING_URL}/api/health`);
      if (res.ok) return Date.now() - started;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The API did not come up within ${timeoutMs / 1000} s (${lastError})`);
}

export { emulatorEnv };
