// Signup writes two things, the Auth user and the profile; if the profile write fails the Auth
// user must go too, or the email would be taken by an account without a profile. The Firestore
// emulator cannot be told to fail a write, so this calls the signup service in-process against
// the real Auth and Firestore emulators and makes exactly one profile write fail; everything
// else (the Auth user it creates and must remove) is real.
import { DocumentReference } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signup } from '../../functions/src/accounts/users';
import { admin, api, uniqueEmail } from '../support/api';

const input = (email: string) => ({
  fullname: { firstname: 'Rollback', lastname: 'Test' },
  email,
  password: 'Secret@123',
  phonenumber: '9812345678',
});

async function authUserExists(email: string): Promise<boolean> {
  try {
    await admin().auth.getUserByEmail(email);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return false;
    throw error;
  }
}

/** Makes the next profile create (users/{uid}) fail the way a Firestore outage would. */
function failNextProfileWrite(): { attempted: () => string[] } {
  const paths: string[] = [];
  const original = DocumentReference.prototype.create;
  vi.spyOn(DocumentReference.prototype, 'create').mockImplementation(function (this: DocumentReference, data) {
    if (/^users\/[^/]+$/.test(this.path) && paths.length === 0) {
      paths.push(this.path);
      return Promise.reject(Object.assign(new Error('14 UNAVAILABLE: injected profile write failure'), { code: 14 }));
    }
    return original.call(this, data);
  });
  return { attempted: () => paths };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('signup rollback', () => {
  it('removes the Auth user when the profile cannot be written, and leaves no profile', async () => {
    const email = uniqueEmail('rollback');
    const injected = failNextProfileWrite();

    await expect(signup(input(email))).rejects.toThrow(/injected profile write failure/);

    const [path] = injected.attempted();
    expect(path).toMatch(/^users\//);
    expect(await authUserExists(email)).toBe(false);
    const uid = path?.split('/')[1] ?? '';
    expect((await admin().db.doc(`users/${uid}`).get()).exists).toBe(false);
  });

  it('leaves the email free: the same person can sign up through the API afterwards', async () => {
    const email = uniqueEmail('rollback-retry');
    failNextProfileWrite();
    await expect(signup(input(email))).rejects.toThrow();
    vi.restoreAllMocks();

    const res = await api<{ success: boolean; data: { _id: string; email: string } }>('users/signup', {
      method: 'POST',
      body: input(email),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.email).toBe(email);
    expect(await authUserExists(email)).toBe(true);
    expect((await admin().db.doc(`users/${res.body.data._id}`).get()).exists).toBe(true);
  });

  it('a profile write that succeeds keeps both (the spy is not what makes the first test pass)', async () => {
    const email = uniqueEmail('rollback-ok');
    const user = await signup(input(email));
    expect(await authUserExists(email)).toBe(true);
    expect((await admin().db.doc(`users/${user._id}`).get()).get('email')).toBe(email);
  });
});
