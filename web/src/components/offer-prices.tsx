// The offers' part of a summary (docs/offers.md, "Honest display"): each discount with its
// real end date, and the price before and after side by side. No countdowns.
import { formatOfferDate, formatPaise, type CartPricing } from '@bagshop/domain';
import { Group, Stack, Text } from '@mantine/core';

const rupees = (paise: number) => formatPaise(paise, { symbol: true }).replace(/\.00$/, '');

export function OfferDiscountRows({ pricing }: { pricing: CartPricing }) {
  return (
    <Stack gap={4} data-testid="offer-discounts">
      {pricing.discounts.map((d) => (
        <Group key={d.offerId} justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm">{d.code ? `Code ${d.code}: ${d.title}` : d.title}</Text>
            <Text size="xs" c="dimmed">
              Ends {formatOfferDate(d.endsAt)}
            </Text>
          </div>
          <Text size="sm" fw={500} c="green.8">
            −{rupees(d.amountPaise)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** '₹5,130' with the price before it struck through, when offers took something off. */
export function PriceBeforeAfter({ pricing, label = 'Total' }: { pricing: CartPricing; label?: string }) {
  const discounted = pricing.totalPaise < pricing.subtotalPaise;
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="offer-total">
      <Text fw={700} size="lg">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {discounted && (
          <Text td="line-through" c="dimmed" aria-label={`Before offers ${rupees(pricing.subtotalPaise)}`}>
            {rupees(pricing.subtotalPaise)}
          </Text>
        )}
        <Text fw={700} size="lg">
          {rupees(pricing.totalPaise)}
        </Text>
      </Group>
    </Group>
  );
}

export const paiseInRupees = rupees;
