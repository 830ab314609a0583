// npm run migrate:declarations [-- --project PROJECT_ID]
// Products stored before the Legal Metrology rule: published where their declarations are complete,
// drafts (listed with what they miss) where not (scripts/lib/migrate-declarations.ts,
// docs/legal-metrology.md). Idempotent. Against the local emulators by default; with --project,
// against that Firebase project using your application default credentials (scripts/lib/migration.ts).
import { migrateDeclarations } from './lib/migrate-declarations.ts';
import { runMigration } from './lib/migration.ts';

await runMigration('npm run migrate:declarations [-- --project PROJECT_ID]', async (db) => {
  const result = await migrateDeclarations(db);
  console.log(
    `✔ ${result.published.length} product(s) published; ${result.drafts.length} made drafts; ${result.alreadyDone} already decided.`,
  );
  for (const draft of result.drafts) console.log(`  draft ${draft.id} (${draft.name}): ${draft.missing.join('; ')}`);
});
