import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  addressSchema,
  docIdSchema,
  forgetPasswordSchema,
  logoutSchema,
  optionalField,
  resetPasswordSchema,
  roleUpdateSchema,
  signinSchema,
  signupSchema,
  updateDetailsSchema,
  updatePasswordSchema,
  wholeNumberField,
} from '@bagshop/domain';
import { badRequest } from '../../lib/errors.js';
import { limitFromEnv, rateLimit } from '../../lib/rate-limit.js';
import { addAddress, listAddresses } from '../../accounts/index.js';
import {
  currentUserWithVerification,
  forgetPassword,
  listUsers,
  MAX_PAGE,
  resetPassword,
  revokeSessions,
  setRole,
  signin,
  signup,
  updateDetails,
  updatePassword,
  type Caller,
} from '../../accounts/index.js';
import { requireAdmin, requireUser, type AuthUser } from '../auth.js';
import { jsonBody, optionalJsonBody } from '../json-body.js';
import { ok } from '../respond.js';
import { accountRouter } from './account.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The email a request names, normalised, for per-account limits (bad input still counts). */
function emailOf(req: Request): string | null {
  const email = field(req.body, 'email');
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 254) : null;
}

/** A per-email limit; a request that names no email is left to the per-IP limit (it fails validation anyway). */
function perEmail(name: string, fallback: number, windowMs: number): RequestHandler {
  const limiter = rateLimit({ name, limit: limitFromEnv(name, fallback), windowMs, key: (req) => emailOf(req) ?? '' });
  return (req, res, next) => (emailOf(req) ? limiter(req, res, next) : next());
}

async function uidKey(req: Request): Promise<string> {
  return (await requireUser(req)).uid;
}

/**
 * Abuse limits (docs/api-accounts.md). Per client IP (raised by tests through
 * RATE_LIMIT_<NAME>), and per named account so one address cannot be hammered from many tries.
 */
function limiters() {
  return {
    signupIp: rateLimit({ name: 'signup', limit: limitFromEnv('signup', 20), windowMs: HOUR }),
    signupEmail: perEmail('signup_email', 5, HOUR),
    signinIp: rateLimit({ name: 'signin', limit: limitFromEnv('signin', 60), windowMs: 15 * MINUTE }),
    signinEmail: perEmail('signin_email', 10, 15 * MINUTE),
    forgetIp: rateLimit({ name: 'forget_password', limit: limitFromEnv('forget_password', 20), windowMs: HOUR }),
    forgetEmail: perEmail('forget_password_email', 3, HOUR),
    passwordUser: rateLimit({ name: 'update_password', limit: limitFromEnv('update_password', 10), windowMs: 15 * MINUTE, key: uidKey }),
  };
}

function caller(user: AuthUser): Caller {
  return {
    uid: user.uid,
    email: user.email,
    role: user.role,
    name: typeof user.token.name === 'string' ? user.token.name : undefined,
    signInProvider: user.token.firebase?.sign_in_provider,
    authTime: user.token.auth_time,
  };
}

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE}`;
const listQuerySchema = z.object({
  limit: optionalField(wholeNumberField({ min: 1, max: MAX_PAGE, message: LIMIT_MESSAGE })),
  after: optionalField(docIdSchema),
});

const resetQuerySchema = z.object({
  code: z
    .string({ error: 'Invalid or missing token' })
    .trim()
    .min(1, { error: 'Invalid or missing token' })
    .max(2000, { error: 'Invalid or expired reset link' }),
});

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

function singleQuery(req: Request, name: string): unknown {
  const value = req.query[name];
  return Array.isArray(value) ? Symbol('many') : value;
}

export function usersRouter(): Router {
  const router = Router();
  const limit = limiters();
  router.use(accountRouter());

  router.get('/currentUser', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await currentUserWithVerification(caller(user)));
  });

  router.post('/signup', limit.signupIp, limit.signupEmail, async (req, res) => {
    const input = signupSchema.parse(jsonBody(req));
    ok(res, await signup(input), 'Account created successfully', 201);
  });

  router.post('/signin', limit.signinIp, limit.signinEmail, async (req, res) => {
    const input = signinSchema.parse(jsonBody(req));
    const result = await signin(input.email, input.password);
    ok(res, result, `Welcome back, ${result.user.fullname.firstname}`);
  });

  router.post('/logout', async (req, res) => {
    const user = await requireUser(req);
    const input = logoutSchema.parse(optionalJsonBody(req));
    if (input.everywhere) await revokeSessions(user.uid);
    ok(res, {}, 'Logged out successfully!');
  });

  // Guessing the password through an email change counts against the same per-account limit.
  const passwordCheck: RequestHandler = (req, res, next) =>
    field(req.body, 'currentPassword') ? limit.passwordUser(req, res, next) : next();

  router.patch('/updateDetails', passwordCheck, async (req, res) => {
    const user = await requireUser(req);
    const input = updateDetailsSchema.parse(jsonBody(req));
    const { user: updated, pendingEmail } = await updateDetails(caller(user), input);
    ok(
      res,
      { ...updated, pendingEmail },
      pendingEmail
        ? `Profile updated. Confirm ${pendingEmail} with the link we sent there to change your email`
        : 'Profile updated successfully!',
    );
  });

  router.patch('/updatePassword', limit.passwordUser, async (req, res) => {
    const user = await requireUser(req);
    const input = updatePasswordSchema.parse(jsonBody(req));
    await updatePassword(user.uid, input.currentPassword, input.newPassword);
    ok(res, {}, 'Password updated successfully');
  });

  router.patch('/forgetPassword', limit.forgetIp, limit.forgetEmail, async (req, res) => {
    const input = forgetPasswordSchema.parse(jsonBody(req));
    await forgetPassword(input.email);
    ok(res, {}, 'Password reset link sent to your email');
  });

  router.patch('/resetPassword', limit.forgetIp, async (req, res) => {
    // The spec puts the code in the query (?token=, or Firebase's own ?oobCode=); a client may
    // send it in the body instead, which keeps it out of request logs.
    const body = optionalJsonBody(req);
    const raw = singleQuery(req, 'token') ?? singleQuery(req, 'oobCode') ?? field(body, 'token') ?? field(body, 'oobCode');
    const code = resetQuerySchema.safeParse({ code: raw });
    if (!code.success) throw badRequest(code.error.issues[0]?.message ?? 'Invalid or missing token');
    const input = resetPasswordSchema.parse(body);
    await resetPassword(code.data.code, input.newPassword);
    ok(res, {}, 'Password reset successful');
  });

  router.post('/address', async (req, res) => {
    const user = await requireUser(req);
    const input = addressSchema.parse(jsonBody(req));
    ok(res, await addAddress(user.uid, input), 'Address saved', 201);
  });

  router.get('/address', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await listAddresses(user.uid));
  });

  // ---- admin ----

  router.get('/', async (req, res) => {
    await requireAdmin(req);
    const query = listQuerySchema.safeParse({ limit: singleQuery(req, 'limit'), after: singleQuery(req, 'after') });
    if (!query.success) throw badRequest(query.error.issues[0]?.message ?? 'Invalid query');
    ok(res, await listUsers(query.data.limit ?? 50, query.data.after));
  });

  router.patch('/:uid/role', async (req, res) => {
    const admin = await requireAdmin(req);
    const uid = docIdSchema.safeParse(req.params.uid);
    if (!uid.success) throw badRequest('Invalid user id');
    const input = roleUpdateSchema.parse(jsonBody(req));
    const role = input.role;
    ok(res, await setRole(admin.uid, uid.data, role), role === 'admin' ? 'Admin role granted' : 'Admin role removed');
  });

  return router;
}
