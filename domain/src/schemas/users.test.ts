import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from './common.js';
import {
  ROLES,
  changePasswordFormSchema,
  forgetPasswordSchema,
  logoutSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  roleUpdateSchema,
  signinSchema,
  signupFormSchema,
  signupSchema,
  updateDetailsSchema,
  updatePasswordSchema,
} from './users.js';

/** field → first message, for a body that must fail. */
function errorsOf(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(body)}`);
  return Object.fromEntries(fieldErrors(result.error).map((e) => [e.field, e.message]));
}

const LONG = 'a'.repeat(100000);

describe('signupSchema', () => {
  const valid = {
    fullname: { firstname: ' Asha ', lastname: 'Rao' },
    email: ' Asha.Rao@Example.IN ',
    password: 'secret1',
    phonenumber: '9876543210',
  };

  it('accepts a valid sign-up, trims, lower-cases the email and drops unknown fields', () => {
    expect(signupSchema.parse({ ...valid, role: 'admin', userId: 'x' })).toEqual({
      fullname: { firstname: 'Asha', lastname: 'Rao' },
      email: 'asha.rao@example.in',
      password: 'secret1',
      phonenumber: '9876543210',
    });
  });

  it('says what is required when fields are missing or empty', () => {
    const required = {
      'fullname.firstname': 'First name is required',
      'fullname.lastname': 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      phonenumber: 'Phone number is required',
    };
    expect(errorsOf(signupSchema, {})).toEqual(required);
    expect(errorsOf(signupSchema, { fullname: { firstname: '', lastname: ' ' }, email: '', password: '', phonenumber: '' })).toEqual(
      required,
    );
  });

  it('uses the spec messages for bad values', () => {
    expect(
      errorsOf(signupSchema, {
        fullname: { firstname: 'Al', lastname: 'Rao' },
        email: 'asha@',
        password: '12345',
        phonenumber: '98765 4321',
      }),
    ).toEqual({
      'fullname.firstname': 'First name must be at least 3 characters',
      email: 'Invalid email',
      password: 'At least 6 characters',
      phonenumber: 'Phone must be 10 digits',
    });
  });

  it('rejects 100000-character strings', () => {
    expect(
      errorsOf(signupSchema, {
        fullname: { firstname: LONG, lastname: LONG },
        email: `${LONG}@x.in`,
        password: LONG,
        phonenumber: LONG,
      }),
    ).toEqual({
      'fullname.firstname': 'First name must be at most 50 characters',
      'fullname.lastname': 'Last name must be at most 50 characters',
      email: 'Email must be at most 254 characters',
      password: 'Password must be at most 128 characters',
      phonenumber: 'Phone must be 10 digits',
    });
  });

  it('rejects wrong types with a message instead of throwing', () => {
    expect(
      errorsOf(signupSchema, {
        fullname: { firstname: 123, lastname: null },
        email: ['a@b.in'],
        password: 123456,
        phonenumber: 9876543210,
      }),
    ).toEqual({
      'fullname.firstname': 'First name must be text',
      'fullname.lastname': 'Last name is required',
      email: 'Invalid email',
      password: 'Password must be text',
      phonenumber: 'Phone must be 10 digits',
    });
    expect(errorsOf(signupSchema, { ...valid, fullname: 'Asha Rao' })).toEqual({ fullname: 'Full name is required' });
    expect(errorsOf(signupSchema, null)).toEqual({ '': 'Request body must be a JSON object' });
    expect(errorsOf(signupSchema, [])).toEqual({ '': 'Request body must be a JSON object' });
  });
});

describe('signupFormSchema', () => {
  it('is the flat register form with the same messages', () => {
    expect(
      signupFormSchema.parse({
        firstname: 'Asha',
        lastname: 'Rao',
        email: 'a@b.in',
        password: 'secret1',
        phonenumber: '9876543210',
        role: 'admin',
      }),
    ).toEqual({ firstname: 'Asha', lastname: 'Rao', email: 'a@b.in', password: 'secret1', phonenumber: '9876543210' });
    expect(errorsOf(signupFormSchema, { firstname: 'Al', email: 'x', password: '1', phonenumber: '1' })).toEqual({
      firstname: 'First name must be at least 3 characters',
      lastname: 'Last name is required',
      email: 'Invalid email',
      password: 'At least 6 characters',
      phonenumber: 'Phone must be 10 digits',
    });
  });
});

describe('signinSchema', () => {
  it('needs an email and any password', () => {
    expect(signinSchema.parse({ email: 'A@B.in', password: '1', role: 'admin' })).toEqual({
      email: 'a@b.in',
      password: '1',
    });
    expect(errorsOf(signinSchema, {})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(errorsOf(signinSchema, { email: 'nope', password: LONG })).toEqual({
      email: 'Invalid email',
      password: 'Password must be at most 128 characters',
    });
    expect(errorsOf(signinSchema, { email: 5, password: false })).toEqual({
      email: 'Invalid email',
      password: 'Password must be text',
    });
  });
});

describe('updateDetailsSchema', () => {
  it('requires every field, with the sign-up email and phone rules', () => {
    expect(
      updateDetailsSchema.parse({ firstname: 'Jo', lastname: 'Li', email: 'j@l.in', phonenumber: '9876543210', role: 'admin' }),
    ).toEqual({ firstname: 'Jo', lastname: 'Li', email: 'j@l.in', phonenumber: '9876543210' });
    expect(
      updateDetailsSchema.parse({
        firstname: 'Jo',
        lastname: 'Li',
        email: 'j@l.in',
        phonenumber: '9876543210',
        currentPassword: ' Secret@1 ',
      }),
    ).toMatchObject({ currentPassword: ' Secret@1 ' });
    expect(
      updateDetailsSchema.parse({ firstname: 'Jo', lastname: 'Li', email: 'j@l.in', phonenumber: '9876543210', currentPassword: '' })
        .currentPassword,
    ).toBeUndefined();
    expect(
      errorsOf(updateDetailsSchema, { firstname: 'Jo', lastname: 'Li', email: 'j@l.in', phonenumber: '9876543210', currentPassword: 5 }),
    ).toEqual({
      currentPassword: 'Current password must be text',
    });
    expect(errorsOf(updateDetailsSchema, {})).toEqual({
      firstname: 'First name is required',
      lastname: 'Last name is required',
      email: 'Email is required',
      phonenumber: 'Phone number is required',
    });
    expect(errorsOf(updateDetailsSchema, { firstname: LONG, lastname: 1, email: 'x@', phonenumber: '123' })).toEqual({
      firstname: 'First name must be at most 50 characters',
      lastname: 'Last name must be text',
      email: 'Invalid email',
      phonenumber: 'Phone must be 10 digits',
    });
  });
});

describe('password schemas', () => {
  it('updatePasswordSchema: old and new password', () => {
    expect(updatePasswordSchema.parse({ currentPassword: 'old', newPassword: 'newpass', userId: 'x' })).toEqual({
      currentPassword: 'old',
      newPassword: 'newpass',
    });
    expect(errorsOf(updatePasswordSchema, {})).toEqual({
      currentPassword: 'Old password is required',
      newPassword: 'New password is required',
    });
    expect(errorsOf(updatePasswordSchema, { currentPassword: LONG, newPassword: '12345' })).toEqual({
      currentPassword: 'Old password must be at most 128 characters',
      newPassword: 'Password must be at least 6 characters',
    });
    expect(errorsOf(updatePasswordSchema, { currentPassword: 1, newPassword: null })).toEqual({
      currentPassword: 'Old password must be text',
      newPassword: 'New password is required',
    });
  });

  it('changePasswordFormSchema: all required, confirmation must match', () => {
    const ok = { oldPassword: 'old', newPassword: 'newpass', confirmPassword: 'newpass' };
    expect(changePasswordFormSchema.parse(ok)).toEqual(ok);
    expect(errorsOf(changePasswordFormSchema, { oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'Old password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Confirm password is required',
    });
    expect(errorsOf(changePasswordFormSchema, { ...ok, newPassword: 'short' })).toEqual({
      newPassword: 'Password must be at least 6 characters',
    });
    // The mismatch shows even while another field is still empty.
    expect(errorsOf(changePasswordFormSchema, { ...ok, oldPassword: '', confirmPassword: 'newpasX' })).toEqual({
      oldPassword: 'Old password is required',
      confirmPassword: 'Passwords must match',
    });
  });

  it('forgetPasswordSchema: a valid email', () => {
    expect(forgetPasswordSchema.parse({ email: 'A@b.in', extra: 1 })).toEqual({ email: 'a@b.in' });
    expect(errorsOf(forgetPasswordSchema, {})).toEqual({ email: 'Email is required' });
    expect(errorsOf(forgetPasswordSchema, { email: 'a' })).toEqual({ email: 'Invalid email' });
    expect(errorsOf(forgetPasswordSchema, { email: LONG })).toEqual({ email: 'Email must be at most 254 characters' });
  });

  it('resetPasswordSchema and its form', () => {
    expect(resetPasswordSchema.parse({ newPassword: 'secret1', token: 'x' })).toEqual({ newPassword: 'secret1' });
    expect(errorsOf(resetPasswordSchema, {})).toEqual({ newPassword: 'New password is required' });
    expect(errorsOf(resetPasswordSchema, { newPassword: 42 })).toEqual({ newPassword: 'New password must be text' });
    expect(resetPasswordFormSchema.parse({ newPassword: 'secret1', confirmPassword: 'secret1' })).toEqual({
      newPassword: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(errorsOf(resetPasswordFormSchema, { newPassword: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'Passwords must match',
    });
    expect(errorsOf(resetPasswordFormSchema, { newPassword: 'secret1' })).toEqual({
      confirmPassword: 'Confirm password is required',
    });
  });
});

describe('logoutSchema and roleUpdateSchema', () => {
  it('logout takes an optional everywhere flag', () => {
    expect(logoutSchema.parse({})).toEqual({});
    expect(logoutSchema.parse({ everywhere: true, userId: 'x' })).toEqual({ everywhere: true });
    expect(errorsOf(logoutSchema, { everywhere: 'yes' })).toEqual({ everywhere: 'everywhere must be true or false' });
  });

  it('role is admin or customer', () => {
    expect(ROLES).toEqual(['admin', 'customer']);
    expect(roleUpdateSchema.parse({ role: 'admin', uid: 'x' })).toEqual({ role: 'admin' });
    for (const role of ['owner', '', null, 1, LONG]) {
      expect(errorsOf(roleUpdateSchema, { role })).toEqual({ role: 'Role must be admin or customer' });
    }
  });
});
