// Back-in-stock and price-drop mails (docs/comeback.md) are sent by a scheduled function, and
// schedules do not fire on the emulators: `npm start` calls its emulator-only HTTP twin on a
// timer (functions/src/index.ts, `sendComebackMessagesEmulator`). The test stack does not:
// the tests call it themselves with their own clock (X-Bagshop-Test-Now).
import { HOST, PORTS, PROJECT_ID, REGION } from './env.ts';
import { startHoldSweeper } from './function-settings.ts';

export const COMEBACK_SWEEP_URL = `http://${HOST}:${PORTS.functions}/${PROJECT_ID}/${REGION}/sendComebackMessagesEmulator`;

export function startComebackSweeper(onError?: (message: string) => void, everyMs = 30_000): () => void {
  return startHoldSweeper(COMEBACK_SWEEP_URL, everyMs, onError);
}
