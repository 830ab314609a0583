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
  // Admin rights only for an address its owner has proved (docs/accounts-privacy.md).
  if (!revoke && !user.emailVerified) {
    console.error(`✖ This account's email is not verified: ${email} must follow the link in its verification mail first.`);
    process.exit(3);
  }
  // Demotion removes admins/{uid} first, so the Firestore rules stop direct admin reads at once.
  if (revoke) await db.doc(`admins/${user.uid}`).delete();
  const claims = { ...(user.customClaims ?? {}) };
  if (revoke) delete claims.role;
  else claims.role = 'admin';
  await auth.setCustomUserClaims(user.uid, claims);
  // Existing sessions must pick up the change: admin routes check revocation.
  await auth.revokeRefreshTokens(user.uid);
  if (!revoke) await db.doc(`admins/${user.uid}`).set({ email, grantedBy: 'grant-admin', grantedAt: FieldValue.serverTimestamp() });
  await db.doc(`sessionCutoffs/${user.uid}`).set({
    notBefore: Math.floor(Date.now() / 1000),
    reason: 'role_changed',
    updatedAt: FieldValue.serverTimestamp(),
  });
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
