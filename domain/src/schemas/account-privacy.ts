// The accounts-and-privacy bodies (docs/accounts-privacy.md): email verification, the phone
// OTP, consents and account erasure.
import { z } from 'zod';
import { CONSENT_CHANNELS, CONSENT_PURPOSES } from '../codecs/consents.js';
import { BODY_MESSAGE, LIMITS } from './common.js';
import { phoneSchema } from './users.js';

/** The version of the privacy notice the shop shows now (web /privacy); signup records it. */
export const PRIVACY_NOTICE_VERSION = '2026-11-26';

/** The top-level keys of GET /api/users/me/export. */
export const EXPORT_KEYS = [
  'exportedAt',
  'noticeVersion',
  'profile',
  'account',
  'addresses',
  'orders',
  'returns',
  'reviews',
  'tickets',
  'consents',
  'wishlist',
  'alerts',
] as const;

const code = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(2000, { error: message });

/** POST /api/users/verifyEmail. */
export const verifyEmailSchema = z.object({ oobCode: code('This verification link is invalid or has expired') }, { error: BODY_MESSAGE });

/** POST /api/users/me/phone: a 10-digit Indian mobile number; `recaptchaToken` is what Firebase needs in production. */
export const phoneStartSchema = z.object(
  {
    phonenumber: phoneSchema,
    recaptchaToken: z.string({ error: 'recaptchaToken must be text' }).max(4000, { error: 'recaptchaToken is too long' }).optional(),
  },
  { error: BODY_MESSAGE },
);

/** POST /api/users/me/phone/verify: the 6-digit code sent by SMS. */
export const phoneVerifySchema = z.object(
  {
    code: z
      .string({ error: 'Enter the 6-digit code' })
      .trim()
      .regex(/^\d{6}$/, { error: 'Enter the 6-digit code' }),
  },
  { error: BODY_MESSAGE },
);

/**
 * PATCH /api/users/me/consents: one choice `{ purpose, channel, granted }` (issue 42), or the
 * first version's `{ marketing }` (marketing by email).
 */
export const consentsUpdateSchema = z.union(
  [
    z.object({
      purpose: z.enum(CONSENT_PURPOSES, { error: 'purpose must be marketing or alerts' }),
      channel: z.enum(CONSENT_CHANNELS, { error: 'channel must be email or whatsapp' }),
      granted: z.boolean({ error: 'granted must be true or false' }),
    }),
    z.object({ marketing: z.boolean({ error: 'marketing must be true or false' }) }),
  ],
  { error: 'Send { purpose, channel, granted }: purpose marketing or alerts, channel email or whatsapp, granted true or false' },
);
export type ConsentsUpdate = z.output<typeof consentsUpdateSchema>;

/** DELETE /api/users/me: the password for a password account (a recent Google sign-in otherwise). */
export const deleteAccountSchema = z.object(
  {
    currentPassword: z.preprocess(
      (value) => (value === null || value === '' ? undefined : value),
      z
        .string({ error: 'Current password must be text' })
        .max(LIMITS.password, { error: `Current password must be at most ${LIMITS.password} characters` })
        .optional(),
    ),
  },
  { error: BODY_MESSAGE },
);

/** '9876543210' → '+919876543210' (Firebase Auth keeps phone numbers in E.164). */
export function indianE164(tenDigits: string): string {
  return `+91${tenDigits}`;
}

/** '+919876543210' → '98765 43210' for display; other numbers as they are. */
export function displayIndianPhone(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `${m[1]} ${m[2]}` : e164;
}

export type PhoneStartInput = z.output<typeof phoneStartSchema>;
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;
