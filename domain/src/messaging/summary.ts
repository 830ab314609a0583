/** GET /api/admin/messages/summary's answer (functions/src/messaging/summary.ts), shared with the admin's Messages view. */
import type { MessageChannel } from './flows.js';

export interface FlowCounts {
  channel: MessageChannel;
  flow: string;
  total: number;
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
}

export interface MessagesSummary {
  days: number;
  /** ISO */
  since: string;
  rows: FlowCounts[];
  /** True when a channel had more messages than one summary reads. */
  truncated: boolean;
}

/** 'out-for-delivery' → 'Out for delivery'; 'cod-confirm' → 'COD confirm'. */
export function flowLabel(flow: string): string {
  const words = flow.replace(/-/g, ' ').replace(/\bcod\b/g, 'COD');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
