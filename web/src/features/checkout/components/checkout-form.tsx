import {
  addressSchema,
  codRefusalForQuote,
  DEFAULT_COUNTRY,
  deliveryByLabel,
  DELIVERY_SPEED_LABELS,
  expressCodMessage,
  formatINR,
  optionFee,
  INDIAN_STATES,
  isIndia,
  isIndianPin,
  itemCountLabel,
  onlinePaymentLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  unservedPinMessage,
  type Address,
  type AddressInput,
  type DeliveryPolicy,
  type DeliveryQuote,
  type DeliverySpeed,
  type PaymentMethod,
  type CartPricing,
} from '@bagshop/domain';
import { Alert, Anchor, Button, Group, Loader, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { notify } from '../../../lib/notify';
import { getDeliveryPolicy, getDeliveryQuote } from '../../../lib/delivery-api';
import { useSchemaForm } from '../../../lib/schema-form';
import { onlineSavingPaise } from '../../../lib/cart-pricing';
import { OfferDiscountRows, paiseInRupees, PriceBeforeAfter } from '../../../components/offer-prices';

export const NEW_ADDRESS = 'new';
export const FILL_REQUIRED = 'Please fill all required fields';

/** `emi`: "EMI / Pay Later" was chosen (Razorpay, issue 43): an ONLINE order whose payment page opens on Card EMI. */
export type CheckoutChoice = { paymentMethod: PaymentMethod; emi?: boolean; deliverySpeed?: DeliverySpeed } & (
  { addressId: string } | { address: AddressInput }
);

/** The checkout's choice for an ONLINE order paid in instalments (Razorpay only): not a method of its own. */
export const EMI_CHOICE = 'EMI';
export const EMI_CHOICE_LABEL = 'EMI / Pay Later';

export interface CheckoutFormProps {
  addresses: readonly Address[];
  loadingAddresses?: boolean;
  itemCount: number;
  total: number;
  /** Set when the server said online payment is not configured. */
  onlineUnavailable?: string | null;
  onSubmit: (choice: CheckoutChoice) => Promise<void>;
  onCancel: () => void;
  /** The server's prices with offers for the chosen method (docs/offers.md); null: the lines' own total. */
  pricing?: CartPricing | null;
  /** Told of every change of method, so the prices can be asked again. */
  onPaymentMethodChange?: (method: PaymentMethod) => void;
  /** Where quotes and the COD limit come from (the API; replaceable in tests). */
  delivery?: DeliveryLookups;
}

export interface DeliveryLookups {
  quote: (pin: string) => Promise<DeliveryQuote>;
  policy: () => Promise<DeliveryPolicy>;
}

const API_LOOKUPS: DeliveryLookups = { quote: getDeliveryQuote, policy: getDeliveryPolicy };

type QuoteState = { pin: string; quote: DeliveryQuote } | { pin: string; error: string };

/** The quote for `pin` (null while none is wanted or it is loading) and the public COD limit. */
function useDelivery(pin: string | null, lookups: DeliveryLookups) {
  const [state, setState] = useState<QuoteState | null>(null);
  const [policy, setPolicy] = useState<DeliveryPolicy | null>(null);
  useEffect(() => {
    if (!pin) return;
    let live = true;
    lookups
      .quote(pin)
      .then((quote) => live && setState({ pin, quote }))
      .catch((error: unknown) => live && setState({ pin, error: errorMessage(error, 'We could not check this PIN code') }));
    return () => {
      live = false;
    };
  }, [pin, lookups]);
  useEffect(() => {
    let live = true;
    lookups
      .policy()
      .then((p) => live && setPolicy(p))
      .catch((error: unknown) => console.error('Loading the delivery policy failed', error));
    return () => {
      live = false;
    };
  }, [lookups]);
  const current = state && pin && state.pin === pin ? state : null;
  return {
    quote: current && 'quote' in current ? current.quote : null,
    error: current && 'error' in current ? current.error : null,
    policy,
  };
}

function describe(a: Address): string {
  const place = [a.street, a.landmark, a.city, a.state, a.postalCode, a.country].filter(Boolean).join(', ');
  // A business buyer's address (issue 41): its invoice carries the GSTIN.
  return a.gstin ? `${place} · ${a.legalName ?? ''} (GSTIN ${a.gstin})` : place;
}

/** Saved addresses or a new one, the payment method, Cancel and Place Order. */
export function CheckoutForm({
  addresses,
  loadingAddresses,
  itemCount,
  total,
  onlineUnavailable,
  onSubmit,
  onCancel,
  pricing = null,
  onPaymentMethodChange,
  delivery = API_LOOKUPS,
}: CheckoutFormProps) {
  const [choice, setChoice] = useState<string | null>(null);
  const selected = choice ?? addresses[0]?._id ?? NEW_ADDRESS;
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('COD');
  const [emi, setEmi] = useState(false);
  const emiOffered = config.paymentProvider === 'razorpay';
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => {
    if (onlineUnavailable) setPaymentMethod('COD');
  }, [onlineUnavailable]);
  useEffect(() => {
    onPaymentMethodChange?.(paymentMethod);
  }, [paymentMethod, onPaymentMethodChange]);
  const saving = onlineSavingPaise(pricing);
  const form = useSchemaForm(
    addressSchema,
    { street: '', city: '', state: '', postalCode: '', country: DEFAULT_COUNTRY, landmark: '', gstin: '', legalName: '' },
    { validateInputOnBlur: false },
  );

  // The PIN being shipped to: the saved address's, or the new one once it has 6 digits.
  const chosen = addresses.find((a) => a._id === selected);
  const typedPin = form.values.postalCode.trim();
  const pin =
    selected === NEW_ADDRESS
      ? isIndia(form.values.country) && isIndianPin(typedPin)
        ? typedPin
        : null
      : chosen && isIndia(chosen.country)
        ? chosen.postalCode
        : null;
  const { quote, error: quoteError, policy } = useDelivery(pin, delivery);
  const unserved = quote !== null && !quote.serviceable;
  // Delivery speed (issue 40): express where the quote offers it, its fee as the server will charge it.
  const [speedChoice, setSpeed] = useState<DeliverySpeed>('standard');
  const expressOption = quote?.options.find((o) => o.speed === 'express' && o.available) ?? null;
  const speed: DeliverySpeed = speedChoice === 'express' && expressOption ? 'express' : 'standard';
  const fee = speed === 'express' && expressOption ? optionFee(expressOption, total) : 0;
  const chosenOption = quote?.options.find((o) => o.speed === speed) ?? null;
  const codReason = quote?.serviceable
    ? (codRefusalForQuote(quote, total + fee, policy?.codMaxTotal ?? Number.POSITIVE_INFINITY) ??
      (speed === 'express' && expressOption && !expressOption.cod ? expressCodMessage : null))
    : null;

  // Cash on delivery refused for this PIN or total: switch to paying online (the alert says why).
  useEffect(() => {
    if (codReason && !onlineUnavailable) setPaymentMethod('ONLINE');
  }, [codReason, onlineUnavailable]);

  // A new address's state follows its PIN; an unknown PIN is marked on the field.
  const newAddress = selected === NEW_ADDRESS;
  const { setFieldValue, setFieldError } = form;
  useEffect(() => {
    if (!newAddress) return;
    if (quote && form.getValues().state !== quote.state) setFieldValue('state', quote.state);
    if (quoteError) setFieldError('postalCode', quoteError);
    // form.getValues is stable; re-run only when the answer for the PIN changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newAddress, quote, quoteError, setFieldValue, setFieldError]);

  // A wrong GSTIN or a missing legal name is shown: open the business fields (issue 41).
  const businessRef = useRef<HTMLDetailsElement>(null);
  const businessError = Boolean(form.errors.gstin || form.errors.legalName);
  useEffect(() => {
    if (businessError && businessRef.current) businessRef.current.open = true;
  }, [businessError]);
  const shippingText =
    fee > 0 ? `${DELIVERY_SPEED_LABELS.express} ${formatINR(fee)}` : speed === 'express' ? 'Express delivery Free' : 'Shipping Free';

  const submit = async () => {
    if (unserved && quote) {
      notify.error(unservedPinMessage(quote.pin));
      return;
    }
    if (paymentMethod === 'COD' && codReason) {
      notify.error(codReason);
      return;
    }
    let next: CheckoutChoice;
    if (selected === NEW_ADDRESS) {
      const result = form.validate();
      if (result.hasErrors) {
        notify.error(FILL_REQUIRED);
        return;
      }
      next = { paymentMethod, deliverySpeed: speed, address: addressSchema.parse(form.getValues()) };
    } else {
      next = { paymentMethod, deliverySpeed: speed, addressId: selected };
    }
    if (emi && paymentMethod === 'ONLINE') next = { ...next, emi: true };
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
              <TextInput
                label="Postal code"
                description="6-digit PIN: fills in the state"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                withAsterisk
                {...form.getInputProps('postalCode')}
              />
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
              <TextInput label="Country" autoComplete="country-name" withAsterisk {...form.getInputProps('country')} />
            </SimpleGrid>
            <TextInput label="Landmark" description="Optional" {...form.getInputProps('landmark')} />
            {/* Issue 41 (docs/gst-b2b.md): a plain <details>, opened when its fields have a problem. */}
            <details ref={businessRef} data-testid="business-gstin">
              <summary>Buying for a business? Add your GSTIN</summary>
              <Stack gap="sm" mt="xs">
                <Text size="sm" c="dimmed">
                  Your tax invoice will carry the GSTIN and legal name, so your business can claim input tax credit.
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <TextInput label="GSTIN" name="gstin" maxLength={15} autoCapitalize="characters" {...form.getInputProps('gstin')} />
                  <TextInput
                    label="Legal name of the business"
                    name="legalName"
                    autoComplete="organization"
                    {...form.getInputProps('legalName')}
                  />
                </SimpleGrid>
              </Stack>
            </details>
          </Stack>
        )}

        {unserved && quote && (
          <Alert color="red" title={unservedPinMessage(quote.pin)} data-testid="unserved-pin">
            Choose or add an address with another PIN code.
          </Alert>
        )}

        {quote?.serviceable && (
          <Radio.Group
            label="Delivery speed"
            name="deliverySpeed"
            value={speed}
            onChange={(value) => setSpeed(value === 'express' ? 'express' : 'standard')}
            data-testid="delivery-speed"
          >
            <Stack gap="xs" mt="xs">
              {quote.options.map((o) => {
                const price = o.speed === 'express' ? optionFee(o, total) : 0;
                return (
                  <Radio
                    key={o.speed}
                    value={o.speed}
                    disabled={!o.available}
                    label={`${DELIVERY_SPEED_LABELS[o.speed]} · ${price > 0 ? formatINR(price) : 'Free'}`}
                    description={o.available && o.deliverBy ? deliveryByLabel(o.deliverBy) : `Not available for PIN code ${quote.pin}`}
                  />
                );
              })}
            </Stack>
          </Radio.Group>
        )}

        <Select
          label="Payment method"
          description={
            <>
              No fees; card details never reach the shop.{' '}
              {/* A new tab: the checkout stays as it is (docs/legal-metrology.md, "Payments page"). */}
              <Anchor href="/payments" target="_blank" rel="noopener" inherit underline="always" data-testid="payments-link">
                How payments work
              </Anchor>
            </>
          }
          data={[
            ...PAYMENT_METHODS.map((m) => ({
              value: m as string,
              label: m === 'ONLINE' ? onlinePaymentLabel(config.paymentProvider) : PAYMENT_METHOD_LABELS[m],
              disabled: (m === 'ONLINE' && Boolean(onlineUnavailable)) || (m === 'COD' && Boolean(codReason)),
            })),
            ...(emiOffered ? [{ value: EMI_CHOICE, label: EMI_CHOICE_LABEL, disabled: Boolean(onlineUnavailable) }] : []),
          ]}
          value={emi && paymentMethod === 'ONLINE' ? EMI_CHOICE : paymentMethod}
          onChange={(value) => {
            setEmi(value === EMI_CHOICE);
            setPaymentMethod(value === 'ONLINE' || value === EMI_CHOICE ? 'ONLINE' : 'COD');
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {codReason && (
          <Alert color="orange" title="Cash on delivery is not available" data-testid="cod-unavailable">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{codReason}</Text>
              {paymentMethod !== 'ONLINE' && !onlineUnavailable && (
                <Button size="xs" variant="light" color="orange" onClick={() => setPaymentMethod('ONLINE')}>
                  Pay Online
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        {onlineUnavailable && (
          <Alert color="orange" title={onlineUnavailable}>
            Choose Cash on Delivery to place your order now.
          </Alert>
        )}

        {saving > 0 && !onlineUnavailable && (
          <Alert color="green" data-testid="online-saving" title={`Pay online and save ${paiseInRupees(saving)}`}>
            {paymentMethod === 'ONLINE' ? 'The saving is in your total below.' : 'Choose Pay Online to take it.'}
          </Alert>
        )}

        <Paper withBorder p="sm" radius="md" bg="gray.0">
          {pricing && pricing.discounts.length > 0 ? (
            <Stack gap={6}>
              <Text size="sm">
                {itemCountLabel(itemCount)} · {shippingText}
              </Text>
              <OfferDiscountRows pricing={pricing} />
              <PriceBeforeAfter pricing={pricing} />
              {fee > 0 && <Text fw={700}>Total with delivery {formatINR(total + fee)}</Text>}
            </Stack>
          ) : (
            <Group justify="space-between">
              <Text size="sm">
                {itemCountLabel(itemCount)} · {shippingText}
              </Text>
              <Text fw={700}>Total {formatINR(total + fee)}</Text>
            </Group>
          )}
          {chosenOption?.deliverBy && (
            <Text size="sm" fw={600} c="green.9" mt={4} data-testid="checkout-delivery">
              {deliveryByLabel(chosenOption.deliverBy)} to {quote?.pin}
            </Text>
          )}
        </Paper>

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          {/* Until the saved addresses arrive the form would ship to an empty new address. */}
          <Button type="submit" loading={submitting} disabled={unserved || Boolean(loadingAddresses)}>
            Place Order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
