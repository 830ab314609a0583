// The review request mail (docs/reviews.md) is sent by a scheduled function, and schedules do
// not fire on the emulators: like the hold sweep, `npm start` and `npm test` call its
// emulator-only HTTP twin on a timer (functions/src/index.ts, `sendReviewRequestsEmulator`).
import { HOST, PORTS, PROJECT_ID, REGION } from './env.ts';
import { startHoldSweeper } from './function-settings.ts';

export const REVIEW_REQUESTS_URL = `http://${HOST}:${PORTS.functions}/${PROJECT_ID}/${REGION}/sendReviewRequestsEmulator`;

/** Every minute: the mails are due days after delivery, so a minute late is on time. */
export function startReviewRequestSweeper(onError?: (message: string) => void, everyMs = 60_000): () => void {
  return startHoldSweeper(REVIEW_REQUESTS_URL, everyMs, onError);
}
