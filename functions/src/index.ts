import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import {
  API_MIN_INSTANCES,
  checkConfigAtStartup,
  EINVOICE_SECRETS,
  FULFILMENT_SECRETS,
  MESSAGE_SECRETS,
  PAYMENT_SECRETS,
  serverConfig,
  WHATSAPP_SECRETS,
} from './config.js';
import { createApp } from './http/app.js';
import { sweepExpiredHolds } from './orders/holds.js';
import { issueQueuedDocumentsQuietly } from './tax/numbering.js';
import { sendReviewRequests } from './reviews/index.js';
import { sendOrderUpdateForMail } from './messaging/index.js';
import { sendComebackMessages } from './comeback/index.js';
import { parseTestNow, TEST_NOW_HEADER, withClock } from './lib/clock.js';

// An invalid setting stops here with one `config_invalid` log line (config.ts).
checkConfigAtStartup();

const REGION = 'asia-south1';

// One Express app serves the whole /api surface (docs/decisions/0002-one-function-for-api.md). It takes and refunds card
// payments, so Secret Manager's Stripe keys are bound to it. `api` answers shoppers, kept warm
// by API_MIN_INSTANCES (default 1).
export const api = onRequest(
  {
    region: REGION,
    memory: '512MiB',
    concurrency: 80,
    timeoutSeconds: 60,
    minInstances: API_MIN_INSTANCES,
    invoker: 'public',
    secrets: [...PAYMENT_SECRETS, ...FULFILMENT_SECRETS, ...WHATSAPP_SECRETS, ...EINVOICE_SECRETS, ...MESSAGE_SECRETS],
  },
  createApp(),
);

// The same app for the admin's heavy work, in instances of its own with more memory
// (docs/decisions/0031-reads-follow-changes.md): Hosting sends /api/admin/**, product uploads
// and the invoice and credit-note PDFs here (firebase.json), so an upload or a report cannot
// take shopper requests down with it. No minimum instance: admins can wait a cold start.
export const adminApi = onRequest(
  {
    region: REGION,
    memory: '1GiB',
    concurrency: 8,
    timeoutSeconds: 300,
    invoker: 'public',
    secrets: [...PAYMENT_SECRETS, ...FULFILMENT_SECRETS, ...WHATSAPP_SECRETS, ...EINVOICE_SECRETS, ...MESSAGE_SECRETS],
  },
  createApp(),
);

// Every minute: cancels unpaid card orders past their stock hold and resends refunds that
// never reached Stripe (orders/holds.ts). On the emulators, where schedules do not fire,
// `npm start` and `npm test` run the same sweep on a timer.
export const sweepHolds = onSchedule(
  {
    schedule: 'every 1 minutes',
    timeZone: 'Asia/Kolkata',
    region: REGION,
    memory: '256MiB',
    timeoutSeconds: 120,
    retryCount: 0,
    secrets: [...PAYMENT_SECRETS, ...FULFILMENT_SECRETS, ...EINVOICE_SECRETS, ...MESSAGE_SECRETS],
  },
  async () => {
    await sweepExpiredHolds();
  },
);

// The single writer of invoice and credit-note numbers (tax/numbering.ts,
// docs/decisions/0029-invoice-numbers-single-writer.md): a confirmation or cancellation queues a draft in
// `taxQueue`, and this numbers every queued draft in batches. One instance handling one event
// at a time, so runs do not contend for the counters; an event that finds the queue empty
// (an earlier run took its entry) ends at once. The minute sweep catches an event that never came.
export const numberTaxDocuments = onDocumentCreated(
  {
    document: 'taxQueue/{orderId}',
    region: REGION,
    memory: '256MiB',
    timeoutSeconds: 300,
    maxInstances: 1,
    concurrency: 1,
    // A numbered B2B invoice is reported to the IRP when e-invoicing is on (tax/einvoice.ts).
    secrets: EINVOICE_SECRETS,
  },
  async () => {
    await issueQueuedDocumentsQuietly('trigger');
  },
);

// Emulators only: scheduled functions do not fire there, so `npm start` and `npm test` call
// the same sweep over HTTP on a timer. It is a function of its own so that its requests never
// occupy an `api` worker (the emulator runs one worker per concurrent request, and state such
// as the in-memory rate limits is per worker). Undefined, hence not deployed, anywhere else.
export const sweepHoldsEmulator = serverConfig().emulator
  ? onRequest(
      { region: REGION, secrets: [...PAYMENT_SECRETS, ...FULFILMENT_SECRETS, ...EINVOICE_SECRETS, ...MESSAGE_SECRETS] },
      async (_req, res) => {
        res.json({ success: true, data: await sweepExpiredHolds() });
      },
    )
  : undefined;

// Hourly: the "review your bag" mail, REVIEW_REQUEST_DAYS after delivery, once per order
// (reviews/review-requests.ts). On the emulators the hold sweeper's timer also calls
// `sendReviewRequestsEmulator` (scripts/lib/function-settings.ts).
export const sendReviewRequestsScheduled = onSchedule(
  { schedule: 'every 60 minutes', timeZone: 'Asia/Kolkata', region: REGION, memory: '256MiB', timeoutSeconds: 300, retryCount: 0 },
  async () => {
    await sendReviewRequests();
  },
);

export const sendReviewRequestsEmulator = serverConfig().emulator
  ? onRequest({ region: REGION }, async (_req, res) => {
      res.json({ success: true, data: await sendReviewRequests() });
    })
  : undefined;

// WhatsApp order updates (docs/whatsapp.md): each queued order mail (placed, shipped, out for
// delivery, delivered, refund) is sent as its WhatsApp template too, once per order and flow,
// to the account's verified phone. A trigger on the mail queue, so every path that mails an
// order event messages it as well, and the order's own transaction never waits on WhatsApp.
export const sendWhatsAppOrderUpdate = onDocumentCreated(
  {
    document: 'mail/{mailId}',
    region: REGION,
    memory: '256MiB',
    timeoutSeconds: 60,
    secrets: [...WHATSAPP_SECRETS, ...FULFILMENT_SECRETS],
  },
  async (event) => {
    const data = event.data?.data();
    if (data) await sendOrderUpdateForMail(event.params.mailId, data);
  },
);

// Every 5 minutes: back-in-stock alerts and price drops of wishlisted bags, within quiet hours
// and the daily cap (comeback/sweep.ts, docs/comeback.md). On the emulators `npm start` calls
// `sendComebackMessagesEmulator` on a timer; tests call it with `X-Bagshop-Test-Now` (the clock).
export const sendComebackMessagesScheduled = onSchedule(
  {
    schedule: 'every 5 minutes',
    timeZone: 'Asia/Kolkata',
    region: REGION,
    memory: '256MiB',
    timeoutSeconds: 300,
    retryCount: 0,
    maxInstances: 1,
    secrets: [...MESSAGE_SECRETS],
  },
  async () => {
    await sendComebackMessages();
  },
);

export const sendComebackMessagesEmulator = serverConfig().emulator
  ? onRequest({ region: REGION, secrets: [...MESSAGE_SECRETS] }, async (req, res) => {
      const at = parseTestNow(req.get(TEST_NOW_HEADER)) ?? new Date();
      res.json({ success: true, data: await withClock(at, () => sendComebackMessages(at)) });
    })
  : undefined;
