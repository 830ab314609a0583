// npm run migrate:images [-- --project PROJECT_ID]
// Makes the widths for the screen of pictures stored before them (scripts/lib/migrate-images.ts,
// docs/decisions/0030-pictures-for-the-screen.md). Idempotent. Against the local emulators by
// default; with --project, against that Firebase project using your application default credentials.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { emulatorEnv, PROJECT_ID } from './lib/env.ts';
import { migrateImages } from './lib/migrate-images.ts';

const args = process.argv.slice(2);
const projectFlag = args.indexOf('--project');
const project = projectFlag >= 0 ? args[projectFlag + 1] : undefined;
if (projectFlag >= 0 && !project) {
  console.error('Usage: npm run migrate:images [-- --project PROJECT_ID]');
  process.exit(2);
}
if (!project) Object.assign(process.env, emulatorEnv());
const db = getFirestore(initializeApp({ projectId: project ?? PROJECT_ID }));
const result = await migrateImages(db, (line) => console.log(line));
console.log(`✔ ${result.made.length} picture(s) given their widths; ${result.alreadyDone} already had them.`);
if (result.unreadable.length) {
  console.error(`✖ ${result.unreadable.length} picture(s) could not be read: ${result.unreadable.join(', ')}`);
  process.exit(1);
}
