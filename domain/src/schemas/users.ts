import { z } from 'zod';
import { BODY_MESSAGE, LIMITS, matches, minLength, textField, whenFieldsValid, type TextRule } from './common.js';

export const ROLES = ['admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

// ---- fields (messages verbatim from the spec, §5) ----

const registerFirstname = textField({
  label: 'First name',
  max: LIMITS.name,
  rules: [minLength(3, 'First name must be at least 3 characters')],
});
const firstname = textField({ label: 'First name', max: LIMITS.name });
const lastname = textField({ label: 'Last name', max: LIMITS.name });

/** Trimmed and lower-cased; 'Email is required' when blank, 'Invalid email' when malformed. */
export const emailSchema = textField({
  label: 'Email',
  max: LIMITS.email,
  invalid: 'Invalid email',
  lowercase: true,
  rules: [matches(z.regexes.email, 'Invalid email')],
});

/** Exactly 10 digits. */
export const phoneSchema = textField({
  label: 'Phone number',
  max: LIMITS.phone,
  invalid: 'Phone must be 10 digits',
  tooLong: 'Phone must be 10 digits',
  rules: [matches(/^\d{10}$/, 'Phone must be 10 digits')],
});

/** Passwords are not trimmed. */
const passwordText = (label: string, rules: TextRule[] = []) => textField({ label, max: LIMITS.password, trim: false, rules });

const registerPassword = passwordText('Password', [minLength(6, 'At least 6 characters')]);
const newPassword = passwordText('New password', [minLength(6, 'Password must be at least 6 characters')]);
const confirmPassword = passwordText('Confirm password');

const passwordsMatch = <T extends { newPassword: string; confirmPassword: string }>(value: T) =>
  value.newPassword === value.confirmPassword;
const passwordsMatchParams = {
  error: 'Passwords must match',
  path: ['confirmPassword'],
  when: whenFieldsValid('newPassword', 'confirmPassword'),
};

// ---- schemas ----

/** POST /api/users/signup. */
export const signupSchema = z.object(
  {
    fullname: z.preprocess(
      (value) => value ?? {},
      z.object({ firstname: registerFirstname, lastname }, { error: 'Full name is required' }),
    ),
    email: emailSchema,
    password: registerPassword,
    phonenumber: phoneSchema,
    /** Marketing mails: their own consent, unticked by default (docs/accounts-privacy.md). */
    marketingConsent: z.boolean({ error: 'marketingConsent must be true or false' }).optional(),
  },
  { error: BODY_MESSAGE },
);

/** The register form: the same rules with the name fields flat. */
export const signupFormSchema = z.object(
  {
    firstname: registerFirstname,
    lastname,
    email: emailSchema,
    password: registerPassword,
    phonenumber: phoneSchema,
    marketingConsent: z.boolean().optional(),
  },
  { error: BODY_MESSAGE },
);

/** POST /api/users/signin and the login form. */
export const signinSchema = z.object({ email: emailSchema, password: passwordText('Password') }, { error: BODY_MESSAGE });

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required to change your email';

/**
 * The account's password, sent with an email change (the API requires it then, and checks it;
 * docs/api-accounts.md). Optional here: only the server knows whether the email changes.
 */
const currentPasswordForEmail = z.preprocess(
  (value) => (value === null || value === '' ? undefined : value),
  z
    .string({ error: 'Current password must be text' })
    .max(LIMITS.password, { error: `Current password must be at most ${LIMITS.password} characters` })
    .optional(),
);

/** PATCH /api/users/updateDetails and the profile edit form. */
export const updateDetailsSchema = z.object(
  { firstname, lastname, email: emailSchema, phonenumber: phoneSchema, currentPassword: currentPasswordForEmail },
  { error: BODY_MESSAGE },
);

/** PATCH /api/users/updatePassword. */
export const updatePasswordSchema = z.object({ currentPassword: passwordText('Old password'), newPassword }, { error: BODY_MESSAGE });

/** The change-password form. */
export const changePasswordFormSchema = z
  .object({ oldPassword: passwordText('Old password'), newPassword, confirmPassword }, { error: BODY_MESSAGE })
  .refine(passwordsMatch, passwordsMatchParams);

/** PATCH /api/users/forgetPassword and the forgot-password form. */
export const forgetPasswordSchema = z.object({ email: emailSchema }, { error: BODY_MESSAGE });

/** PATCH /api/users/resetPassword. */
export const resetPasswordSchema = z.object({ newPassword }, { error: BODY_MESSAGE });

/** The reset-password form. */
export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword }, { error: BODY_MESSAGE })
  .refine(passwordsMatch, passwordsMatchParams);

/** POST /api/users/logout: `everywhere: true` revokes every session. */
export const logoutSchema = z.object(
  { everywhere: z.boolean({ error: 'everywhere must be true or false' }).optional() },
  { error: BODY_MESSAGE },
);

/** PATCH /api/users/{uid}/role (admin). */
export const roleUpdateSchema = z.object({ role: z.enum(ROLES, { error: 'Role must be admin or customer' }) }, { error: BODY_MESSAGE });

export type SignupInput = z.output<typeof signupSchema>;
export type SignupFormInput = z.output<typeof signupFormSchema>;
export type SigninInput = z.output<typeof signinSchema>;
export type UpdateDetailsInput = z.output<typeof updateDetailsSchema>;
export type UpdatePasswordInput = z.output<typeof updatePasswordSchema>;
export type ChangePasswordFormInput = z.output<typeof changePasswordFormSchema>;
export type ForgetPasswordInput = z.output<typeof forgetPasswordSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
export type ResetPasswordFormInput = z.output<typeof resetPasswordFormSchema>;
export type LogoutInput = z.output<typeof logoutSchema>;
export type RoleUpdateInput = z.output<typeof roleUpdateSchema>;
