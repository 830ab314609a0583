import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { checkConfigAtStartup, PAYMENT_SECRETS } from './config.js';
import { createApp } from './http/app.js';
import { sweepExpiredHolds } from './services/holds.js';

// An invalid setting stops here with one `config_invalid` log line (config.ts).
checkConfigAtStartup();

const REGION = 'asia-south1';

// One HTTPS function serves the whole /api surface (DESIGN §1). It takes and refunds card
// payments, so Secret Manager's Stripe keys are bound to it.
export const api = onRequest(
  { region: REGION, memory: '512MiB', concurrency: 80, timeoutSeconds: 60, invoker: 'public', secrets: PAYMENT_SECRETS },
  createApp(),
);

// Every minute: cancels unpaid card orders past their stock hold and resends refunds that
// never reached Stripe (services/holds.ts). On the emulators, where schedules do not fire,
// `npm start` and `npm test` run the same sweep on a timer.
export const sweepHolds = onSchedule(
  { schedule: 'every 1 minutes', timeZone: 'Asia/Kolkata', region: REGION, memory: '256MiB', timeoutSeconds: 120, retryCount: 0, secrets: PAYMENT_SECRETS },
  async () => {
    await sweepExpiredHolds();
  },
);
