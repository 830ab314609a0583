import { logger } from 'firebase-functions';

/** One structured line per failed request: route, status, uid. Never bodies, tokens or addresses. */
export function logFailedRequest(entry: { method: string; route: string; status: number; uid: string | null; message: string }): void {
  const log = entry.status >= 500 ? logger.error : logger.warn;
  // The logger uses `message` for its first argument: keep ours as `reason`.
  const { message, ...rest } = entry;
  log('request_failed', { ...rest, reason: message });
}

export function logFault(route: string, error: unknown): void {
  logger.error('request_fault', { route, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
}
