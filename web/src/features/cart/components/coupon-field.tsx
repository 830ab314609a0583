// The cart's coupon code (docs/offers.md): one code at a time; the server says whether it
// applies and why not, in the shopper's words. Nothing is applied unless the shopper types it.
import type { CartPricing } from '@bagshop/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { cartPricingApi } from '../../../lib/cart-pricing';

export interface CouponFieldProps {
  pricing: CartPricing | null;
  onPricing: (pricing: CartPricing) => void;
}

export function CouponField({ pricing, onPricing }: CouponFieldProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const applied = pricing?.coupon ?? null;

  const apply = async () => {
    if (!code.trim()) {
      setError('Enter a code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onPricing(await cartPricingApi.applyCode(code.trim(), null));
      setCode('');
    } catch (e) {
      setError(errorMessage(e, 'This code could not be applied'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      onPricing(await cartPricingApi.removeCode(null));
    } catch (e) {
      setError(errorMessage(e, 'The code could not be removed'));
    } finally {
      setBusy(false);
    }
  };

  if (applied) {
    return (
      <Stack gap={4} data-testid="coupon-applied">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            Code {applied.code} applied
          </Text>
          <Button size="xs" variant="subtle" onClick={() => void remove()} loading={busy}>
            Remove
          </Button>
        </Group>
        {applied.problem && (
          <Text size="sm" c="orange.9" data-testid="coupon-problem">
            {applied.problem}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-label="Apply a coupon code"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Coupon code"
          placeholder="e.g. WELCOME10"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value.toUpperCase());
            setError(null);
          }}
          error={error}
          maxLength={20}
          autoCapitalize="characters"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="light" mt={25} loading={busy}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
