import {
  addressSchema,
  DEFAULT_COUNTRY,
  formatINR,
  INDIAN_STATES,
  itemCountLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type Address,
  type AddressInput,
  type PaymentMethod,
} from '@bagshop/domain';
import { Alert, Button, Group, Loader, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schema-form';

export const NEW_ADDRESS = 'new';
export const FILL_REQUIRED = 'Please fill all required fields';

export type CheckoutChoice = { paymentMethod: PaymentMethod } & ({ addressId: string } | { address: AddressInput });

export interface CheckoutFormProps {
  addresses: readonly Address[];
  loadingAddresses?: boolean;
  itemCount: number;
  total: number;
  /** Set when the server said online payment is not configured. */
  onlineUnavailable?: string | null;
  onSubmit: (choice: CheckoutChoice) => Promise<void>;
  onCancel: () => void;
}

function describe(a: Address): string {
  return [a.street, a.landmark, a.city, a.state, a.postalCode, a.country].filter(Boolean).join(', ');
}

/** Saved addresses or a new one, the payment method, Cancel and Place Order. */
export function CheckoutForm({ addresses, loadingAddresses, itemCount, total, onlineUnavailable, onSubmit, onCancel }: CheckoutFormProps) {
  const [choice, setChoice] = useState<string | null>(null);
  const selected = choice ?? addresses[0]?._id ?? NEW_ADDRESS;
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('COD');
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => {
    if (onlineUnavailable) setPaymentMethod('COD');
  }, [onlineUnavailable]);
  const form = useSchemaForm(addressSchema, { street: '', city: '', state: '', postalCode: '', country: DEFAULT_COUNTRY, landmark: '' }, { validateInputOnBlur: false });

  const submit = async () => {
    let next: CheckoutChoice;
    if (selected === NEW_ADDRESS) {
      const result = form.validate();
      if (result.hasErrors) {
        notify.error(FILL_REQUIRED);
        return;
      }
      next = { paymentMethod, address: addressSchema.parse(form.getValues()) };
    } else {
      next = { paymentMethod, addressId: selected };
    }
    setSubmitting(true);
    try {
      await onSubmit(next);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      aria-label="Shipping address and payment"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {loadingAddresses ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Loading your saved addresses…</Text>
          </Group>
        ) : (
          addresses.length > 0 && (
            <Radio.Group label="Ship to" value={selected} onChange={setChoice}>
              <Stack gap="xs" mt="xs">
                {addresses.map((a) => (
                  <Radio key={a._id} value={a._id} label={describe(a)} />
                ))}
                <Radio value={NEW_ADDRESS} label="A new address" />
              </Stack>
            </Radio.Group>
          )
        )}

        {selected === NEW_ADDRESS && !loadingAddresses && (
          <Stack gap="sm">
            <TextInput label="Street address" autoComplete="street-address" withAsterisk {...form.getInputProps('street')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label="City" autoComplete="address-level2" withAsterisk {...form.getInputProps('city')} />
              <Select
                label="State"
                placeholder="Choose a state"
                data={[...INDIAN_STATES]}
                searchable
                withAsterisk
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('state')}
                onChange={(value) => form.setFieldValue('state', value ?? '')}
              />
              <TextInput
                label="Postal code"
                description="6-digit PIN"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                withAsterisk
                {...form.getInputProps('postalCode')}
              />
              <TextInput label="Country" autoComplete="country-name" withAsterisk {...form.getInputProps('country')} />
            </SimpleGrid>
            <TextInput label="Landmark" description="Optional" {...form.getInputProps('landmark')} />
          </Stack>
        )}

        <Select
          label="Payment method"
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m], disabled: m === 'ONLINE' && Boolean(onlineUnavailable) }))}
          value={paymentMethod}
          onChange={(value) => setPaymentMethod(value === 'ONLINE' ? 'ONLINE' : 'COD')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {onlineUnavailable && (
          <Alert color="orange" title={onlineUnavailable}>
            Choose Cash on Delivery to place your order now.
          </Alert>
        )}

        <Paper withBorder p="sm" radius="md" bg="gray.0">
          <Group justify="space-between">
            <Text size="sm">{itemCountLabel(itemCount)} · Shipping Free</Text>
            <Text fw={700}>Total {formatINR(total)}</Text>
          </Group>
        </Paper>

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Place Order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
