import type { UpdateDetailsInput, User } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

/** `pendingEmail`: the new address waiting for its confirmation link (verify-before-update). */
export function updateDetails(values: UpdateDetailsInput): Promise<User & { pendingEmail?: string | null }> {
  return apiData<User & { pendingEmail?: string | null }>('users/updateDetails', { method: 'PATCH', body: { ...values } });
}
