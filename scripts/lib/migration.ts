/**
 * What every `npm run migrate:*` script shares (docs/legal-metrology.md "Migration and demo
 * data"): its flags, and the Admin SDK's Firestore, against the local emulators by default or,
 * with `--project ID`, that Firebase project with your application default credentials.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { emulatorEnv, PROJECT_ID } from './env.ts';

/** `--name value` flags as given; a flag named without a value is an error. */
export type MigrationFlags = Record<string, string | undefined>;

/**
 * The values of `--project` and of `flags` in argv. null when one is named without a value
 * (the next word missing or another flag) or a word is not one of them.
 */
export function parseMigrationArgs(argv: readonly string[], flags: readonly string[] = []): MigrationFlags | null {
  const known = new Set(['--project', ...flags]);
  const out: MigrationFlags = {};
  for (let i = 0; i < argv.length; i += 1) {
    const name = argv[i] ?? '';
    const value = argv[i + 1];
    if (!known.has(name) || value === undefined || value === '' || value.startsWith('--')) return null;
    out[name.slice(2)] = value;
    i += 1;
  }
  return out;
}

/**
 * Parses the flags (exit 2 with `usage` when they are wrong), opens Firestore and runs `work`;
 * its answer is the exit code (0 when it returns nothing).
 */
export async function runMigration(
  usage: string,
  work: (db: Firestore, flags: MigrationFlags) => Promise<number | void>,
  flags: readonly string[] = [],
): Promise<void> {
  const parsed = parseMigrationArgs(process.argv.slice(2), flags);
  if (!parsed) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  const project = parsed.project;
  if (!project) Object.assign(process.env, emulatorEnv());
  const db = getFirestore(initializeApp({ projectId: project ?? PROJECT_ID }));
  const code = (await work(db, parsed)) ?? 0;
  process.exit(code);
}
