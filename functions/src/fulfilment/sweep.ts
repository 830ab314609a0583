/** Fulfilment's part of the every-minute sweep (orders/holds.ts calls it): COD confirmations past due, unanswered NDRs. */
import { logger } from 'firebase-functions';
import type { Timestamp } from 'firebase-admin/firestore';
import { sweepUnconfirmedCod } from './cod.js';
import { sweepUnansweredNdrs } from './ndr.js';

export async function sweepFulfilment(now: Timestamp): Promise<{ codCancelled: string[]; rtoRequested: string[] }> {
  const codCancelled = await sweepUnconfirmedCod(now);
  const rtoRequested = await sweepUnansweredNdrs(now);
  if (codCancelled.length > 0 || rtoRequested.length > 0) logger.info('fulfilment_sweep', { codCancelled, rtoRequested });
  return { codCancelled, rtoRequested };
}
