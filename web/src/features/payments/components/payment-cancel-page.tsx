import { Button } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { docIdSchema } from '@bagshop/domain';
import { useSession } from '../../../lib/session';
import { cancelOrder } from '../../../lib/cancel-order';
import { PaymentCard, PaymentOutcome } from './payment-outcome';

type Released = 'idle' | 'released' | 'kept';

/**
 * /payment-cancel?order_id=…: the shopper left the checkout page without paying. Their
 * unpaid order is cancelled at once, so its stock goes back on sale now instead of at the
 * end of the hold, and it does not count against their open card orders. Their cart was
 * never cleared, so Try Again starts over from it.
 */
export default function PaymentCancelPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  const { user, loading } = useSession();
  const [released, setReleased] = useState<Released>('idle');

  useEffect(() => {
    if (loading || !user || !orderId || !docIdSchema.safeParse(orderId).success) return;
    let live = true;
    // Refused (already paid, cancelled, someone else's): there is nothing to release.
    cancelOrder(orderId).then(
      () => live && setReleased('released'),
      () => live && setReleased('kept'),
    );
    return () => {
      live = false;
    };
  }, [orderId, loading, user]);

  const text =
    released === 'released'
      ? 'No money was taken. The order was cancelled and its items are back on sale. Your cart still has your items, so you can try again whenever you are ready.'
      : 'No money was taken. Your cart still has your items, so you can try again whenever you are ready.';

  return (
    <PaymentCard>
      <PaymentOutcome color="orange" icon={IconCircleX} title="Payment Cancelled" text={text} live>
        <Button component={Link} to="/cart" variant="default">
          Return to Cart
        </Button>
        <Button component={Link} to="/cart">
          Try Again
        </Button>
      </PaymentOutcome>
    </PaymentCard>
  );
}
