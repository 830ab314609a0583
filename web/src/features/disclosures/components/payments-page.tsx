import {
  CARD_DATA_NOTE,
  CHARGEBACK_TIMELINES,
  PAYMENT_FEES,
  PAYMENT_PROVIDER_FACTS,
  paymentMethods,
  REFUND_TIMELINES,
  type SellerInfo,
} from '@bagshop/domain';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteLoaderData } from 'react-router';
import { ListSection } from './list-section';

/**
 * /payments (docs/legal-metrology.md): how to pay, who takes the payment, fees, refund and
 * chargeback timelines, generated from the configured provider and the seller settings (the
 * root loader's seller), drawn on the server.
 */
export default function PaymentsPage() {
  const seller = useRouteLoaderData<{ seller: SellerInfo | null }>('root')?.seller ?? null;
  const info = seller?.payments ?? { provider: 'stripe' as const, online: false };
  const provider = PAYMENT_PROVIDER_FACTS[info.provider];
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Payments</Title>
        <Text c="gray.8">How you can pay at Bagshop, who takes your payment, and how refunds work.</Text>
        <ListSection id="pay-methods" title="Ways to pay" items={paymentMethods(info)} listTestId="payment-methods">
          {!info.online && (
            <Text fz="sm" c="gray.7" mt={4}>
              Paying online is not available just now; cash on delivery is.
            </Text>
          )}
        </ListSection>
        <section aria-labelledby="pay-card-data">
          <Title order={2} fz="lg" id="pay-card-data" mb={6}>
            Your card details
          </Title>
          <Text data-testid="card-data">{CARD_DATA_NOTE(provider.name)}</Text>
        </section>
        <section aria-labelledby="pay-fees">
          <Title order={2} fz="lg" id="pay-fees" mb={6}>
            Fees
          </Title>
          <Text data-testid="payment-fees">{PAYMENT_FEES}</Text>
        </section>
        <ListSection id="pay-refunds" title="Refunds" items={REFUND_TIMELINES}>
          <Text fz="sm" mt={4}>
            More in the{' '}
            <Anchor component={Link} to="/refunds" c="blue.8">
              Refund Policy
            </Anchor>
            .
          </Text>
        </ListSection>
        <ListSection id="pay-chargebacks" title="Chargebacks" items={CHARGEBACK_TIMELINES} />
        <section aria-labelledby="pay-provider">
          <Title order={2} fz="lg" id="pay-provider" mb={6}>
            Who takes your payment
          </Title>
          <Text data-testid="payment-provider">
            {provider.name} (
            <Anchor href={provider.contact.url} c="blue.8" rel="noopener">
              {provider.contact.label}
            </Anchor>
            ). For anything about an order, contact {seller?.legalName ?? 'us'}
            {seller ? ` at ${seller.email} or ${seller.phone}` : ''} (
            <Anchor component={Link} to="/contact" c="blue.8">
              Contact Us
            </Anchor>
            ).
          </Text>
        </section>
      </Stack>
    </Container>
  );
}
