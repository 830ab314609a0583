// npm run migrate:variants [-- --project PROJECT_ID]
// Moves products stored before variants to the variant layout (scripts/lib/migrate-variants.ts,
// docs/variants.md). Idempotent. Against the local emulators by default; with --project,
// against that Firebase project using your application default credentials (scripts/lib/migration.ts).
import { runMigration } from './lib/migration.ts';
import { migrateVariants } from './lib/migrate-variants.ts';

await runMigration('npm run migrate:variants [-- --project PROJECT_ID]', async (db) => {
  const result = await migrateVariants(db);
  console.log(`✔ ${result.migrated.length} product(s) moved to variants; ${result.alreadyDone} already had them.`);
});
