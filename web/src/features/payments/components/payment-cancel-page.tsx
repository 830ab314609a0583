import { Button } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PaymentCard, PaymentOutcome } from './payment-outcome';

export default function PaymentCancelPage() {
  return (
    <PaymentCard>
      <PaymentOutcome
        color="orange"
        icon={IconCircleX}
        title="Payment Cancelled"
        text="No money was taken. Your cart still has your items, so you can try again whenever you are ready."
      >
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
