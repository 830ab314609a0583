// npm run migrate:variants [-- --project PROJECT_ID]
// Moves products stored before variants to the variant layout (scripts/lib/migrate-variants.ts,
// docs/variants.md). Idempotent. Against the local emulators by default; with --project,
// against that Firebase project using your application default credentials.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { emulatorEnv, PROJECT_ID } from './lib/env.ts';
import { migrateVariants } from './lib/migrate-variants.ts';

const args = process.argv.slice(2);
const projectFlag = args.indexOf('--project');
const project = projectFlag >= 0 ? args[projectFlag + 1] : undefined;
if (projectFlag >= 0 && !project) {
  console.error('Usage: npm run migrate:variants [-- --project PROJECT_ID]');
  process.exit(2);
}
if (!project) Object.assign(process.env, emulatorEnv());
const db = getFirestore(initializeApp({ projectId: project ?? PROJECT_ID }));
const result = await migrateVariants(db);
console.log(`✔ ${result.migrated.length} product(s) moved to variants; ${result.alreadyDone} already had them.`);
