// The tests use the project's local Razorpay test checkout (scripts/razorpay-local), the same
// module `npm start` runs with PAYMENT_PROVIDER=razorpay, started in the test process.
import {
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
  razorpaySignature,
  startRazorpayLocal,
  type RazorpayLocal,
} from '../../scripts/razorpay-local/server';
import { hostingUrl } from './emulators';

export { LOCAL_RAZORPAY_WEBHOOK_SECRET, razorpaySignature, type RazorpayLocal };

/** On RAZORPAY_LOCAL_PORT (scripts/test.ts sets it; the function's RAZORPAY_API_BASE points there). */
export async function startTestRazorpay(): Promise<RazorpayLocal> {
  return startRazorpayLocal({
    webhookUrl: `${await hostingUrl()}/api/payment/razorpay/webhook`,
    webhookSecret: LOCAL_RAZORPAY_WEBHOOK_SECRET,
    refundDelayMs: 200,
  });
}

/** A call to the stand-in's API as Razorpay's dashboard or client would make it (basic auth). */
export async function razorpayApi(checkout: RazorpayLocal, method: string, path: string, body?: unknown) {
  const res = await fetch(`${checkout.url}${path}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`${LOCAL_RAZORPAY_KEY_ID}:${LOCAL_RAZORPAY_KEY_SECRET}`).toString('base64')}`,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Submits the test page's form: Pay (with a method), Payment fails or Cancel. Answers the status and where it redirects. */
export async function submitPage(checkout: RazorpayLocal, linkId: string, action: 'pay' | 'fail' | 'cancel', method = 'upi') {
  const res = await fetch(`${checkout.url}/pl/${linkId}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location') ?? '', text: await res.text() };
}
