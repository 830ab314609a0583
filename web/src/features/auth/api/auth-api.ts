import type { SignupFormInput, User } from '@bagshop/domain';
import { apiData, apiRequest } from '../../../lib/api-client';

/** POST /api/users/signup: the server creates the Auth user and the profile in one step. */
export function signup(values: SignupFormInput): Promise<User> {
  const { firstname, lastname, ...rest } = values;
  return apiData<User>('users/signup', { method: 'POST', body: { fullname: { firstname, lastname }, ...rest } });
}

export function forgetPassword(email: string): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>('users/forgetPassword', { method: 'PATCH', body: { email } });
}

/** The reset code goes in the body, never in the URL: URLs end up in access logs (docs/security.md). */
export function resetPassword(token: string, newPassword: string): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>('users/resetPassword', { method: 'PATCH', body: { token, newPassword } });
}

export function updatePassword(currentPassword: string, newPassword: string): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>('users/updatePassword', { method: 'PATCH', body: { currentPassword, newPassword } });
}
