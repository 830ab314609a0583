// npm run migrate:images [-- --project PROJECT_ID]
// Makes the widths for the screen of pictures stored before them (scripts/lib/migrate-images.ts,
// docs/decisions/0030-pictures-for-the-screen.md). Idempotent. Against the local emulators by
// default; with --project, against that Firebase project using your application default
// credentials (scripts/lib/migration.ts).
import { migrateImages } from './lib/migrate-images.ts';
import { runMigration } from './lib/migration.ts';

await runMigration('npm run migrate:images [-- --project PROJECT_ID]', async (db) => {
  const result = await migrateImages(db, (line) => console.log(line));
  console.log(`✔ ${result.made.length} picture(s) given their widths; ${result.alreadyDone} already had them.`);
  if (result.unreadable.length) {
    console.error(`✖ ${result.unreadable.length} picture(s) could not be read: ${result.unreadable.join(', ')}`);
    return 1;
  }
});
