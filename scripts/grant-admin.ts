// npm run grant-admin -- EMAIL [--revoke] [--project PROJECT_ID]
// Grants (or revokes) the admin role: the custom claim `role: "admin"`, mirrored on the
// profile. Against the local emulators by default; with --project, against that real
// Firebase project using your application default credentials (gcloud auth application-default login).
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { emulatorEnv, PROJECT_ID } from './lib/env.ts';

function usage(message?: string): never {
  if (message) console.error(`✖ ${message}`);
  console.error('Usage: npm run grant-admin -- EMAIL [--revoke] [--project PROJECT_ID]');
  process.exit(2);
}

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const projectFlag = args.indexOf('--project');
const project = projectFlag >= 0 ? args[projectFlag + 1] : undefined;
if (projectFlag >= 0 && !project) usage('--project needs a project id');
const email = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--project')[0];
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) usage('Give the email address of an existing account.');

if (!project) Object.assign(process.env, emulatorEnv());
const app = initializeApp({ projectId: project ?? PROJECT_ID });
const auth = getAuth(app);
const db = getFirestore(app);

try {
  const user = await auth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  if (revoke) delete claims.role;
  else claims.role = 'admin';
  await auth.setCustomUserClaims(user.uid, claims);
  // Existing sessions must pick up the change: admin routes check revocation.
  await auth.revokeRefreshTokens(user.uid);
  await db.doc(`users/${user.uid}`).set({ role: revoke ? 'customer' : 'admin', updatedAt: FieldValue.serverTimestamp() }, { merge: true });
  console.log(
    `✔ ${email} is ${revoke ? 'no longer an admin' : 'now an admin'} on ${project ?? `${PROJECT_ID} (emulators)`}. They sign in again to use it.`,
  );
  process.exit(0);
} catch (error) {
  const code = (error as { code?: string }).code;
  if (code === 'auth/user-not-found') console.error(`✖ No account with the email ${email}. Sign up first.`);
  else if (!project && error instanceof Error && /ECONNREFUSED/.test(error.message))
    console.error('✖ The emulators are not running: start them with `npm start` first.');
  else console.error('✖', error instanceof Error ? error.message : error);
  process.exit(1);
}
