import {
  codOverLimitMessage,
  deliveryByLabel,
  deliveryRangeLabel,
  formatINR,
  isIndia,
  isIndianPin,
  PIN_FORMAT_MESSAGE,
  unservedPinMessage,
  type DeliveryPolicy,
  type DeliveryQuote,
} from '@bagshop/domain';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCash, IconTruckDelivery } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { useSession } from '../lib/session';
import { getDeliveryQuote, getSavedAddresses, lastPin, rememberPin } from '../lib/delivery-api';
import { useDeliveryPolicy } from '../lib/use-delivery-policy';

type Result = { status: 'idle' } | { status: 'loading' } | { status: 'done'; quote: DeliveryQuote } | { status: 'error'; message: string };

export interface DeliveryCheckProps {
  /** The cart's total: says when it is over the cash-on-delivery limit. */
  total?: number;
}

/**
 * 'Check delivery': a PIN code box showing the delivery date range and whether cash on
 * delivery is available. Starts from the PIN last checked on this device, else the
 * signed-in shopper's newest saved address.
 */
/** The answer to a check sent as a plain form (`?pin=`, before JavaScript ran), drawn by the server. */
export interface DeliveryAnswer {
  pin: string;
  quote?: DeliveryQuote;
  error?: string;
}

export function DeliveryCheck({ total, answer }: DeliveryCheckProps & { answer?: DeliveryAnswer }) {
  const { isAuthenticated } = useSession();
  const [pin, setPin] = useState(() => answer?.pin ?? '');
  const [result, setResult] = useState<Result>(() =>
    answer?.quote
      ? { status: 'done', quote: answer.quote }
      : answer?.error
        ? { status: 'error', message: answer.error }
        : { status: 'idle' },
  );
  const input = useRef<HTMLInputElement>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const policy = useDeliveryPolicy(total !== undefined);
  const titleId = useId();
  const typed = useRef(false);
  const latest = useRef(0);

  const check = useCallback(async (value: string, remember: boolean) => {
    // Six digits go to the server, which says whether such a PIN exists (000000 does not).
    if (!/^\d{6}$/.test(value)) {
      setInputError(PIN_FORMAT_MESSAGE);
      return;
    }
    setInputError(null);
    const ticket = ++latest.current;
    setResult({ status: 'loading' });
    try {
      const quote = await getDeliveryQuote(value);
      if (ticket !== latest.current) return;
      setResult({ status: 'done', quote });
      if (remember) rememberPin(value);
    } catch (error) {
      if (ticket === latest.current)
        setResult({ status: 'error', message: errorMessage(error, 'We could not check this PIN code just now') });
    }
  }, []);

  // A PIN typed before the app took the page over is checked as typed; else the remembered PIN
  // (this device's; read after hydration: the server cannot know it), else the shopper's saved address.
  useEffect(() => {
    const typedEarly = input.current?.value ?? '';
    if (answer) {
      if (answer.quote) rememberPin(answer.pin);
      if (typedEarly === answer.pin) return;
    }
    if (typedEarly) {
      typed.current = true;
      setPin(typedEarly.replace(/\D/g, ''));
      return;
    }
    const remembered = lastPin();
    if (remembered) setPin(remembered);
    if (remembered) {
      void check(remembered, false);
      return;
    }
    if (!isAuthenticated) return;
    let live = true;
    getSavedAddresses()
      .then((list) => {
        const home = list.find((a) => isIndia(a.country) && isIndianPin(a.postalCode));
        if (!live || !home || typed.current) return;
        setPin(home.postalCode);
        void check(home.postalCode, false);
      })
      .catch((error: unknown) => console.error('Loading saved addresses failed', error));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isAuthenticated, check]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} data-testid="delivery-check">
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap">
          <IconTruckDelivery size={20} aria-hidden />
          <Text component="h2" id={titleId} fw={700} fz="md" m={0}>
            Check delivery
          </Text>
        </Group>
        {/* A GET form: before the app runs (or without JavaScript) it reloads the page with `?pin=`,
            which the server answers in the page (web/src/app/routes/product.tsx). */}
        <form
          noValidate
          method="get"
          aria-label="Check delivery by PIN code"
          onSubmit={(event) => {
            event.preventDefault();
            void check(pin, true);
          }}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              ref={input}
              name="pin"
              label="PIN code"
              placeholder="6-digit PIN"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              value={pin}
              error={inputError}
              onChange={(event) => {
                typed.current = true;
                setPin(event.currentTarget.value.replace(/\D/g, ''));
                setInputError(null);
              }}
              style={{ flex: 1, maxWidth: 200 }}
            />
            <Button type="submit" variant="light" mt={25} loading={result.status === 'loading'}>
              Check
            </Button>
          </Group>
        </form>
        <div aria-live="polite" data-testid="delivery-result">
          <DeliveryResult result={result} total={total} policy={policy} />
        </div>
      </Stack>
    </Paper>
  );
}

function DeliveryResult({ result, total, policy }: { result: Result; total?: number; policy: DeliveryPolicy | null }) {
  if (result.status === 'idle') {
    return (
      <Text size="sm" c="gray.7">
        Enter your PIN code to see when your bag arrives.
      </Text>
    );
  }
  if (result.status === 'loading') {
    return (
      <Text size="sm" c="gray.7">
        Checking…
      </Text>
    );
  }
  if (result.status === 'error') {
    return (
      <Text size="sm" c="red.8" fw={600}>
        {result.message}
      </Text>
    );
  }
  const { quote } = result;
  if (!quote.serviceable || !quote.deliverBy) {
    return (
      <Text size="sm" c="red.8" fw={600}>
        {unservedPinMessage(quote.pin)}
      </Text>
    );
  }
  const overLimit = quote.cod && policy !== null && total !== undefined && total > policy.codMaxTotal;
  return (
    <Stack gap={4}>
      <Text fw={700} data-testid="delivery-date">
        {deliveryByLabel(quote.deliverBy)}
      </Text>
      <Text size="sm" c="gray.7">
        To {quote.district}, {quote.state} ({quote.pin}) · {deliveryRangeLabel(quote.deliverBy)}
      </Text>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCash size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c={quote.cod && !overLimit ? 'green.9' : 'orange.9'} data-testid="delivery-cod">
          {!quote.cod
            ? 'Cash on delivery is not available for this PIN code: pay online'
            : overLimit && policy
              ? `${codOverLimitMessage(policy.codMaxTotal)} This cart is ${formatINR(total ?? 0)}.`
              : 'Cash on delivery available'}
        </Text>
      </Group>
    </Stack>
  );
}
