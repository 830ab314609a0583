// The tests use the project's local test courier (scripts/courier-local), the same module
// `npm start` runs, started in the test process so a test can send events and look at what
// the function booked.
import { LOCAL_COURIER_WEBHOOK_TOKEN, startCourierLocal, type CourierLocal } from '../../scripts/courier-local/server';
import { hostingUrl } from './emulators';

export type { CourierLocal };

/** On COURIER_LOCAL_PORT (scripts/test.ts sets it; the function's COURIER_API_BASE points there). */
export async function startTestCourier(): Promise<CourierLocal> {
  return startCourierLocal({ webhookUrl: `${await hostingUrl()}/api/shipping/webhook`, webhookToken: LOCAL_COURIER_WEBHOOK_TOKEN });
}
