import { formatINR, itemCountLabel, lineOffer, orderTotals, shippingWording, type CartLine, type CartPricing } from '@bagshop/domain';
import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EmiPlans } from '../../../components/emi-plans';
import { config } from '../../../lib/config';
import { OfferDiscountRows, paiseInRupees, PriceBeforeAfter } from '../../../components/offer-prices';
import { onlineSavingPaise } from '../../../lib/cart-pricing';
import { useDeliveryPolicy } from '../../../lib/use-delivery-policy';
import { CouponField } from './coupon-field';

function Row({ label, value, strong, color }: { label: string; value: string; strong?: boolean; color?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : 400} size={strong ? 'lg' : 'sm'}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'} c={color}>
        {value}
      </Text>
    </Group>
  );
}

export interface CartSummaryProps {
  lines: readonly CartLine[];
  onCheckout: () => void;
  onClear: () => void;
  disabled?: boolean;
  /** The server's prices with offers (docs/offers.md); without them the summary is the lines' own. */
  pricing?: CartPricing | null;
  onPricing?: (pricing: CartPricing) => void;
}

/**
 * Item count, Items subtotal (list prices), Discount, Shipping 'Free', Total (what is paid), as
 * the order detail shows them; Proceed to Checkout and Clear Cart.
 */
export function CartSummary({ lines, onCheckout, onClear, disabled, pricing, onPricing }: CartSummaryProps) {
  const totals = orderTotals(lines.map((l) => ({ ...lineOffer(l), quantity: l.quantity })));
  const blocked = lines.some((l) => l.quantity > lineOffer(l).stock);
  const policy = useDeliveryPolicy();
  const wording = policy ? shippingWording(policy.express) : null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="cart-summary-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="cart-summary-title">
            Order summary
          </Title>
          <Text c="dimmed" size="sm" data-testid="cart-item-count">
            {itemCountLabel(totals.itemCount)}
          </Text>
        </Group>
        <Row label="Items subtotal" value={formatINR(totals.subtotal)} />
        {totals.discountTotal > 0 && <Row label="Discount" value={`−${formatINR(totals.discountTotal)}`} color="green.8" />}
        {/* "Free standard shipping" once the seller charges for express (issue 40), from the settings. */}
        <Row label="Shipping" value={wording?.freeTitle === 'Free standard shipping' ? 'Free standard shipping' : 'Free'} color="green.8" />
        {pricing && pricing.discounts.length > 0 && <OfferDiscountRows pricing={pricing} />}
        <Divider />
        {pricing && pricing.discounts.length > 0 ? (
          <PriceBeforeAfter pricing={pricing} />
        ) : (
          <Row label="Total" value={formatINR(totals.totalAmount)} strong />
        )}
        {onlineSavingPaise(pricing ?? null) > 0 && (
          <Text size="sm" c="green.9" data-testid="online-saving">
            Pay online and save {paiseInRupees(onlineSavingPaise(pricing ?? null))} at checkout
          </Text>
        )}
        {config.paymentProvider === 'razorpay' && lines.length > 0 && (
          <EmiPlans id="cart-emi" amountPaise={pricing?.onlineTotalPaise ?? pricing?.totalPaise ?? totals.totalAmount * 100} />
        )}
        {onPricing && <CouponField pricing={pricing ?? null} onPricing={onPricing} />}
        {blocked && (
          <Text size="sm" c="red.8">
            Some items have less stock than you want: lower their quantity to check out.
          </Text>
        )}
        <Button size="md" onClick={onCheckout} disabled={disabled || blocked || lines.length === 0}>
          Proceed to Checkout
        </Button>
        <Button variant="subtle" color="red" onClick={onClear} disabled={disabled || lines.length === 0}>
          Clear Cart
        </Button>
      </Stack>
    </Paper>
  );
}
