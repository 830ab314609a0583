// The admin's Messages view (docs/whatsapp.md): counts per channel and flow.
import type { MessagesSummary } from '@bagshop/domain';
import { apiData } from '../../../lib/api-client';

export const getMessagesSummary = (days = 30) => apiData<MessagesSummary>(`admin/messages/summary?days=${days}`);
