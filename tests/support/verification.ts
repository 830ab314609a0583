// Reading what the Auth emulator and the mail queue hold for the accounts tests: the
// verification mail's link, and the SMS codes the Auth emulator records instead of sending.
import { admin } from './api';
import { authUrl, PROJECT_ID } from './emulators';

/** The newest queued mail of `kind` to `to` (polls briefly: the API writes it before answering, but be patient). */
export async function latestMail(to: string, kind: string): Promise<{ subject: string; text: string; html: string } | null> {
  const snap = await admin().db.collection('mail').where('to', '==', to).where('kind', '==', kind).get();
  const docs = snap.docs.sort((a, b) => a.get('createdAt').toMillis() - b.get('createdAt').toMillis());
  const last = docs.at(-1);
  return last ? (last.get('message') as { subject: string; text: string; html: string }) : null;
}

/** The oobCode in the link of a mail's text ("Verify your email: http://…/verify-email?oobCode=…"). */
export function oobCodeOf(text: string): string {
  const href = /https?:\/\/\S+/.exec(text)?.[0];
  if (!href) throw new Error(`No link in the mail: ${text}`);
  const code = new URL(href).searchParams.get('oobCode');
  if (!code) throw new Error(`No oobCode in ${href}`);
  return code;
}

/** The link of a mail's text. */
export function linkOf(text: string): string {
  const href = /https?:\/\/\S+/.exec(text)?.[0];
  if (!href) throw new Error(`No link in the mail: ${text}`);
  return href;
}

/**
 * The newest SMS code the Auth emulator recorded for an E.164 number
 * (GET /emulator/v1/projects/{project}/verificationCodes; docs/accounts-privacy.md).
 */
export async function smsCode(phoneNumber: string): Promise<string | null> {
  const res = await fetch(`${await authUrl()}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`);
  const json = (await res.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  return json.verificationCodes.filter((c) => c.phoneNumber === phoneNumber).at(-1)?.code ?? null;
}

/** Waits until the clock has left the second a token was signed in (revocation compares whole seconds). */
export async function afterTokenSecond(idToken: string): Promise<void> {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { auth_time: number };
  while (Math.floor(Date.now() / 1000) <= payload.auth_time) await new Promise((r) => setTimeout(r, 50));
}
