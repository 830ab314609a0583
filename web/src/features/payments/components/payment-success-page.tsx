import { Button, Loader, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { paymentSession, type PaymentSessionState } from '../api/payments-api';
import { PaymentCard, PaymentOutcome } from './payment-outcome';

/** docs/spec.md §9: the processing spinner shows for at least 2 s. */
export const PROCESSING_MS = 2000;
/** While Stripe's webhook has not arrived yet: ask again this often, this many times. */
export const POLL_MS = 2500;
export const POLL_TRIES = 6;

type View =
  | { kind: 'processing' }
  | { kind: 'paid'; state: PaymentSessionState }
  | { kind: 'pending'; state: PaymentSessionState | null }
  | { kind: 'failed'; state: PaymentSessionState }
  | { kind: 'refunding'; state: PaymentSessionState }
  | { kind: 'error'; message: string };

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * /payment-success?session_id=…: asks the API for the real state of the order behind the
 * Stripe session; never claims success on the query string alone (docs/decisions/0010-stripe-and-local-stand-in.md).
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { user, loading } = useSession();
  const [view, setView] = useState<View>({ kind: 'processing' });

  useEffect(() => {
    if (!sessionId || loading || !user) return;
    let live = true;
    const started = Date.now();
    const show = async (next: View) => {
      const left = PROCESSING_MS - (Date.now() - started);
      if (left > 0) await wait(left);
      if (live) setView(next);
    };
    void (async () => {
      for (let attempt = 0; attempt < POLL_TRIES && live; attempt += 1) {
        let state: PaymentSessionState;
        try {
          state = await paymentSession(sessionId);
        } catch (error) {
          await show({ kind: 'error', message: errorMessage(error, 'We could not check this payment') });
          return;
        }
        if (state.paymentStatus === 'paid') {
          await show({ kind: 'paid', state });
          if (live) notify.success('Payment completed successfully!');
          return;
        }
        if (state.paymentStatus === 'refund_pending' || state.paymentStatus === 'refunded') {
          await show({ kind: 'refunding', state });
          return;
        }
        if (state.paymentStatus === 'failed' || state.status === 'cancelled') {
          await show({ kind: 'failed', state });
          return;
        }
        await show({ kind: 'pending', state });
        await wait(POLL_MS);
      }
    })();
    return () => {
      live = false;
    };
  }, [sessionId, loading, user]);

  if (!sessionId) return <Navigate to="/cart" replace />;
  if (!loading && !user) return <Navigate to="/auth" replace state={{ from: `/payment-success?session_id=${sessionId}` }} />;

  return (
    <PaymentCard>
      {view.kind === 'processing' && (
        <Stack align="center" gap="md" py="lg" aria-live="polite">
          <Loader size="lg" />
          <Title order={1} fz="xl">
            Processing your payment...
          </Title>
        </Stack>
      )}
      {view.kind === 'paid' && (
        <PaymentOutcome
          color="green"
          icon={IconCircleCheck}
          title="Payment Successful!"
          text="Thank you. Your order is confirmed and on its way to being packed."
          live
        >
          <Button component={Link} to="/orders">
            View Orders
          </Button>
          <Button component={Link} to="/" variant="default">
            Continue Shopping
          </Button>
        </PaymentOutcome>
      )}
      {view.kind === 'pending' && (
        <PaymentOutcome
          color="yellow"
          icon={IconClockHour4}
          title="We are confirming your payment"
          text="This usually takes a few seconds. Your order page shows the result as soon as the bank confirms it."
          live
        >
          <Button component={Link} to="/orders" variant="default">
            View Orders
          </Button>
        </PaymentOutcome>
      )}
      {view.kind === 'failed' && (
        <PaymentOutcome
          color="red"
          icon={IconAlertTriangle}
          title="Payment not completed"
          text="The payment did not go through and the order was cancelled. Nothing was charged."
          live
        >
          <Button component={Link} to="/cart">
            Return to Cart
          </Button>
        </PaymentOutcome>
      )}
      {view.kind === 'refunding' && (
        <PaymentOutcome
          color="orange"
          icon={IconAlertTriangle}
          title="Payment refunded"
          text="The order was cancelled before your payment arrived, so the payment is being refunded to your card (5–7 working days)."
          live
        >
          <Button component={Link} to="/orders">
            View Orders
          </Button>
        </PaymentOutcome>
      )}
      {view.kind === 'error' && (
        <PaymentOutcome color="red" icon={IconAlertTriangle} title="We could not check this payment" text={view.message} live>
          <Button component={Link} to="/orders">
            View Orders
          </Button>
          <Button component={Link} to="/cart" variant="default">
            Return to Cart
          </Button>
        </PaymentOutcome>
      )}
    </PaymentCard>
  );
}
