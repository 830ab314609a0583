// npm run migrate:declarations [-- --project PROJECT_ID]
// Products stored before the Legal Metrology rule: published where their declarations are complete,
// drafts (listed with what they miss) where not (scripts/lib/migrate-declarations.ts,
// docs/legal-metrology.md). Idempotent. Against the local emulators by default; with --project,
// against that Firebase project using your application default credentials.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { emulatorEnv, PROJECT_ID } from './lib/env.ts';
import { migrateDeclarations } from './lib/migrate-declarations.ts';

const args = process.argv.slice(2);
const projectFlag = args.indexOf('--project');
const project = projectFlag >= 0 ? args[projectFlag + 1] : undefined;
if (projectFlag >= 0 && !project) {
  console.error('Usage: npm run migrate:declarations [-- --project PROJECT_ID]');
  process.exit(2);
}
if (!project) Object.assign(process.env, emulatorEnv());
const db = getFirestore(initializeApp({ projectId: project ?? PROJECT_ID }));
const result = await migrateDeclarations(db);
console.log(
  `✔ ${result.published.length} product(s) published; ${result.drafts.length} made drafts; ${result.alreadyDone} already decided.`,
);
for (const draft of result.drafts) console.log(`  draft ${draft.id} (${draft.name}): ${draft.missing.join('; ')}`);
