import type { UpdateDetailsInput, User } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

export function updateDetails(values: UpdateDetailsInput): Promise<User> {
  return apiData<User>('users/updateDetails', { method: 'PATCH', body: { ...values } });
}
