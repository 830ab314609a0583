// Verified email and phone, consents, and the shopper's own data (docs/accounts-privacy.md).
// Mounted inside the /api/users router.
import { Router, type Request } from 'express';
import { consentsUpdateSchema, deleteAccountSchema, phoneStartSchema, phoneVerifySchema, verifyEmailSchema } from '@bagshop/domain';
import { profileLocaleSchema } from '@bagshop/domain';
import { limitFromEnv, rateLimit } from '../../lib/rate-limit.js';
import { applyVerification, resendVerification } from '../../accounts/index.js';
import { readConsents, setConsent, setMarketingConsent } from '../../accounts/index.js';
import { consentWords } from '../../comeback/index.js';
import { confirmPhoneVerification, startPhoneVerification } from '../../accounts/index.js';
import { eraseMyAccount, exportMyData } from '../../accounts/index.js';
import { setProfileLocale } from '../../accounts/index.js';
import { requireUser, type AuthUser } from '../auth.js';
import { jsonBody, optionalJsonBody } from '../json-body.js';
import { ok } from '../respond.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function uidKey(req: Request): Promise<string> {
  return (await requireUser(req)).uid;
}

function phoneKey(req: Request): string {
  const body = req.body as { phonenumber?: unknown } | undefined;
  return typeof body?.phonenumber === 'string' ? body.phonenumber.replace(/\D/g, '').slice(-10) : '';
}

function bearer(req: Request): string {
  return /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? '';
}

const proofOf = (user: AuthUser) => ({
  uid: user.uid,
  signInProvider: user.token.firebase?.sign_in_provider,
  authTime: user.token.auth_time,
});

export function accountRouter(): Router {
  const router = Router();
  const limit = {
    resendVerify: rateLimit({ name: 'verify_email_resend', limit: limitFromEnv('verify_email_resend', 3), windowMs: HOUR, key: uidKey }),
    applyVerify: rateLimit({ name: 'verify_email_apply', limit: limitFromEnv('verify_email_apply', 30), windowMs: HOUR }),
    phoneCodeIp: rateLimit({ name: 'phone_code_ip', limit: limitFromEnv('phone_code_ip', 20), windowMs: HOUR }),
    phoneCodeUser: rateLimit({ name: 'phone_code', limit: limitFromEnv('phone_code', 3), windowMs: HOUR, key: uidKey }),
    phoneCodeNumber: rateLimit({ name: 'phone_code_number', limit: limitFromEnv('phone_code_number', 3), windowMs: HOUR, key: phoneKey }),
    phoneVerify: rateLimit({ name: 'phone_verify', limit: limitFromEnv('phone_verify', 10), windowMs: 15 * MINUTE, key: uidKey }),
    exportData: rateLimit({ name: 'data_export', limit: limitFromEnv('data_export', 10), windowMs: HOUR, key: uidKey }),
    erase: rateLimit({ name: 'account_delete', limit: limitFromEnv('account_delete', 5), windowMs: 15 * MINUTE, key: uidKey }),
  };

  router.post('/verifyEmail/resend', limit.resendVerify, async (req, res) => {
    const user = await requireUser(req);
    const { email } = await resendVerification(user.uid);
    ok(res, { email }, `Verification link sent to ${email}`);
  });

  router.post('/verifyEmail', limit.applyVerify, async (req, res) => {
    const input = verifyEmailSchema.parse(jsonBody(req));
    const result = await applyVerification(input.oobCode);
    ok(res, result, result.emailChanged ? `Your email is now ${result.email}. Please sign in again` : 'Your email is verified');
  });

  router.post('/me/phone', limit.phoneCodeIp, limit.phoneCodeUser, limit.phoneCodeNumber, async (req, res) => {
    const user = await requireUser(req);
    const input = phoneStartSchema.parse(jsonBody(req));
    ok(res, await startPhoneVerification(user.uid, input.phonenumber, input.recaptchaToken), 'We sent a 6-digit code to your phone');
  });

  router.post('/me/phone/verify', limit.phoneVerify, async (req, res) => {
    const user = await requireUser(req);
    const input = phoneVerifySchema.parse(jsonBody(req));
    ok(res, await confirmPhoneVerification(user.uid, bearer(req), input.code), 'Your phone number is verified');
  });

  router.get('/me/consents', async (req, res) => {
    const user = await requireUser(req);
    ok(res, await readConsents(user.uid));
  });

  router.patch('/me/consents', async (req, res) => {
    const user = await requireUser(req);
    const input = consentsUpdateSchema.parse(jsonBody(req));
    if ('marketing' in input) {
      ok(
        res,
        await setMarketingConsent(user.uid, input.marketing),
        input.marketing ? 'You will get our offers by email' : 'You will no longer get offers by email',
      );
      return;
    }
    const words = consentWords(input.purpose, input.channel);
    ok(
      res,
      await setConsent(user.uid, { ...input, source: 'profile' }),
      input.granted ? `${words}: on` : `${words}: off. You will no longer get them`,
    );
  });

  router.get('/me/export', limit.exportData, async (req, res) => {
    const user = await requireUser(req);
    const data = await exportMyData(user.uid);
    res.set('Content-Disposition', 'attachment; filename="bagshop-my-data.json"');
    ok(res, data);
  });

  // The shopper's language (docs/i18n.md).
  router.patch('/me', async (req, res) => {
    const user = await requireUser(req);
    const { locale } = profileLocaleSchema.parse(jsonBody(req));
    ok(res, await setProfileLocale(user.uid, locale), 'Language saved');
  });

  router.delete('/me', limit.erase, async (req, res) => {
    const user = await requireUser(req);
    const input = deleteAccountSchema.parse(optionalJsonBody(req));
    ok(res, await eraseMyAccount(proofOf(user), input.currentPassword), 'Your account is deleted');
  });

  return router;
}
