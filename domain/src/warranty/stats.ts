/** The dashboard's warranty figures (issue 40): claims per 100 units sold, by product and by issue, and the median days to close. */
import type { WarrantyIssue } from './claims.js';

export interface ClaimForStats {
  productId: string;
  name: string;
  issue: WarrantyIssue;
  createdAt: string;
  closedAt: string | null;
}

/** Claims per 100 units sold, one decimal. 0 when nothing sold. */
export function claimsPer100(claims: number, unitsSold: number): number {
  if (unitsSold <= 0) return 0;
  return Math.round((claims / unitsSold) * 1000) / 10;
}

/** The median of whole days from filing to closing, over closed claims; null when none closed. */
export function medianDaysToClose(claims: readonly ClaimForStats[]): number | null {
  const days = claims
    .filter((c) => c.closedAt)
    .map((c) => (new Date(c.closedAt as string).getTime() - new Date(c.createdAt).getTime()) / 86_400_000)
    .sort((a, b) => a - b);
  if (days.length === 0) return null;
  const mid = Math.floor(days.length / 2);
  const median = days.length % 2 === 1 ? (days[mid] as number) : ((days[mid - 1] as number) + (days[mid] as number)) / 2;
  return Math.round(median * 10) / 10;
}
