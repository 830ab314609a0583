// Who may call which accounts route: anonymous, a shopper, another shopper and an admin.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, signIn, uniqueEmail, type ApiResult, type TestUser } from '../support/api';

type Persona = 'anonymous' | 'shopper' | 'other' | 'admin';
const PERSONAS: Persona[] = ['anonymous', 'shopper', 'other', 'admin'];

let people: Record<Exclude<Persona, 'anonymous'>, TestUser>;
const token = (who: Persona) => (who === 'anonymous' ? undefined : people[who].idToken);
const opts = (who: Persona, rest: Parameters<typeof api>[1] = {}) => ({ ...rest, ...(token(who) ? { token: token(who) } : {}) });
const address = { street: '7 Marine Drive', city: 'Mumbai', state: 'Maharashtra', postalCode: '400002' };

interface Route {
  route: string;
  call: (who: Persona) => Promise<ApiResult<unknown>>;
  expect: Record<Persona, number>;
  /** Extra checks after the call (e.g. the other shopper saw only their own data). */
  after?: (who: Persona, res: ApiResult<unknown>) => Promise<void>;
}

const routes: Route[] = [
  {
    route: 'GET /api/users/currentUser',
    call: (who) => api('users/currentUser', opts(who)),
    expect: { anonymous: 401, shopper: 200, other: 200, admin: 200 },
    after: async (who, res) => {
      if (who !== 'anonymous') expect((res.body as { data: { _id: string } }).data._id).toBe(people[who].uid);
    },
  },
  {
    route: 'POST /api/users/signup',
    call: (who) =>
      api(
        'users/signup',
        opts(who, {
          method: 'POST',
          body: {
            fullname: { firstname: 'Nisha', lastname: 'Rao' },
            email: uniqueEmail('matrix'),
            password: 'Secret@123',
            phonenumber: '9811111111',
          },
        }),
      ),
    expect: { anonymous: 201, shopper: 201, other: 201, admin: 201 },
  },
  {
    route: 'POST /api/users/signin',
    call: (who) =>
      api('users/signin', opts(who, { method: 'POST', body: { email: people.shopper.email, password: people.shopper.password } })),
    expect: { anonymous: 200, shopper: 200, other: 200, admin: 200 },
  },
  {
    route: 'POST /api/users/logout',
    call: (who) => api('users/logout', opts(who, { method: 'POST' })),
    expect: { anonymous: 401, shopper: 200, other: 200, admin: 200 },
  },
  {
    route: 'PATCH /api/users/updateDetails',
    call: (who) =>
      api(
        'users/updateDetails',
        opts(who, {
          method: 'PATCH',
          body: {
            firstname: 'Same',
            lastname: 'Person',
            email: who === 'anonymous' ? 'x@y.co' : people[who].email,
            phonenumber: '9822222222',
          },
        }),
      ),
    expect: { anonymous: 401, shopper: 200, other: 200, admin: 200 },
    after: async (who, res) => {
      if (who !== 'anonymous') expect((res.body as { data: { _id: string } }).data._id).toBe(people[who].uid);
    },
  },
  {
    route: 'PATCH /api/users/updatePassword',
    call: (who) =>
      api('users/updatePassword', opts(who, { method: 'PATCH', body: { currentPassword: 'Secret@123', newPassword: 'Secret@123' } })),
    expect: { anonymous: 401, shopper: 200, other: 200, admin: 200 },
    after: async (who) => {
      // A password change ends the user's other sessions (Firebase revokes on password change): sign in again.
      if (who !== 'anonymous') people[who].idToken = (await signIn(people[who].email, people[who].password)).idToken;
    },
  },
  {
    route: 'PATCH /api/users/forgetPassword',
    call: (who) => api('users/forgetPassword', opts(who, { method: 'PATCH', body: { email: uniqueEmail('forgot') } })),
    expect: { anonymous: 200, shopper: 200, other: 200, admin: 200 },
  },
  {
    route: 'PATCH /api/users/resetPassword (bad code)',
    call: (who) => api('users/resetPassword?token=not-a-code', opts(who, { method: 'PATCH', body: { newPassword: 'Reset@123' } })),
    expect: { anonymous: 400, shopper: 400, other: 400, admin: 400 },
  },
  {
    route: 'POST /api/users/address',
    call: (who) => api('users/address', opts(who, { method: 'POST', body: address })),
    expect: { anonymous: 401, shopper: 201, other: 201, admin: 201 },
  },
  {
    route: 'GET /api/users/address',
    call: (who) => api('users/address', opts(who)),
    expect: { anonymous: 401, shopper: 200, other: 200, admin: 200 },
    after: async (who, res) => {
      if (who === 'anonymous') return;
      // Each sees exactly their own saved addresses, nobody else's.
      const own = await admin().db.collection(`users/${people[who].uid}/addresses`).get();
      expect((res.body as { data: { _id: string }[] }).data.map((a) => a._id).sort()).toEqual(own.docs.map((d) => d.id).sort());
    },
  },
  {
    route: 'GET /api/users (admin list)',
    call: (who) => api('users?limit=5', opts(who)),
    expect: { anonymous: 401, shopper: 403, other: 403, admin: 200 },
  },
  {
    route: 'PATCH /api/users/{uid}/role (someone else)',
    call: async (who) => {
      // Admin rights go only to verified accounts (issue 26; the unverified case is in accounts-privacy).
      const victim = await createTestUser({ emailVerified: true });
      const res = await api(`users/${victim.uid}/role`, opts(who, { method: 'PATCH', body: { role: 'admin' } }));
      const claim = (await admin().auth.getUser(victim.uid)).customClaims?.role;
      expect(claim).toBe(who === 'admin' ? 'admin' : undefined);
      return res;
    },
    expect: { anonymous: 401, shopper: 403, other: 403, admin: 200 },
  },
  {
    route: 'PATCH /api/users/{uid}/role (themself)',
    call: (who) =>
      api(
        `users/${who === 'anonymous' ? people.shopper.uid : people[who].uid}/role`,
        opts(who, { method: 'PATCH', body: { role: 'admin' } }),
      ),
    expect: { anonymous: 401, shopper: 403, other: 403, admin: 400 },
  },
];

describe('accounts access matrix', () => {
  beforeAll(async () => {
    people = {
      shopper: await createTestUser({ firstname: 'Shopper' }),
      other: await createTestUser({ firstname: 'Other' }),
      admin: await createTestUser({ role: 'admin', firstname: 'Admin' }),
    };
  });

  const table = routes.flatMap((r) => PERSONAS.map((who) => [r.route, who, r.expect[who], r] as const));
  it.each(table)('%s as %s → %i', async (_route, who, status, r) => {
    const res = await r.call(who);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(status);
    expect(res.body).toMatchObject({ success: status < 400 });
    if (r.after) await r.after(who, res);
  });
});
