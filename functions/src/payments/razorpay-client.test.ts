import { createServer } from 'node:net';
import Razorpay from 'razorpay';
import { describe, expect, it } from 'vitest';
import { describeRazorpayError } from './razorpay-client.js';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('describeRazorpayError', () => {
  it('names Razorpay’s answer when there is one', () => {
    const refused = { statusCode: 400, error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' } };
    expect(describeRazorpayError(refused)).toBe('Razorpay answered 400: The payment has been fully refunded already');
  });

  it('says Razorpay could not be reached when the real client gets no answer', async () => {
    const client = new Razorpay({ key_id: 'rzp_test_x', key_secret: 'secret' });
    const rq = (client as unknown as { api: { rq: { defaults: { baseURL?: string } } } }).api.rq;
    rq.defaults.baseURL = `http://127.0.0.1:${await closedPort()}/v1`;
    const error: unknown = await client.payments.refund('pay_x', { speed: 'normal' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(describeRazorpayError(error)).toBe('Razorpay could not be reached (no answer)');
  });
});
