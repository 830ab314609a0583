import { displayIndianPhone, phoneSchema } from '@bagshop/domain';
import { Alert, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { apiData, errorMessage } from '../lib/api-client';
import { phoneCheckToken } from '../lib/phone-check';
import { PhoneInput } from './person-inputs';

/**
 * Verify a 10-digit Indian mobile number with a one-time code (docs/accounts-privacy.md): the
 * API sends the code through Firebase Auth's phone provider and links the number to the account.
 * Used by the profile and, in place, by checkout before cash on delivery.
 */
export function PhoneVerification({
  initialNumber = '',
  onVerified,
  onCancel,
}: {
  initialNumber?: string;
  onVerified: (e164: string) => void;
  onCancel?: () => void;
}) {
  const [number, setNumber] = useState(initialNumber);
  const [numberError, setNumberError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Where the invisible reCAPTCHA lives outside the emulators (lib/phone-check.ts).
  const check = useRef<HTMLDivElement>(null);

  const send = async () => {
    const parsed = phoneSchema.safeParse(number);
    if (!parsed.success) {
      setNumberError(parsed.error.issues[0]?.message ?? 'Phone must be 10 digits');
      return;
    }
    setNumberError(null);
    setError(null);
    setBusy(true);
    try {
      const recaptchaToken = check.current ? await phoneCheckToken(check.current) : undefined;
      await apiData('users/me/phone', {
        method: 'POST',
        body: { phonenumber: parsed.data, ...(recaptchaToken ? { recaptchaToken } : {}) },
      });
      setSentTo(parsed.data);
      setCode('');
    } catch (e) {
      setError(errorMessage(e, 'Could not send the code'));
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    setError(null);
    setBusy(true);
    try {
      const result = await apiData<{ verifiedPhone: string }>('users/me/phone/verify', { method: 'POST', body: { code } });
      onVerified(result.verifiedPhone);
    } catch (e) {
      setError(errorMessage(e, 'Could not check the code'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" aria-label="Verify your phone number" role="group">
      <div ref={check} />
      {!sentTo ? (
        <>
          <PhoneInput
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value.replace(/\D/g, ''))}
            error={numberError}
            description="We send a 6-digit code by SMS"
          />
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button onClick={() => void send()} loading={busy}>
              Send code
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text size="sm">Enter the 6-digit code we sent to {displayIndianPhone(`+91${sentTo}`)}.</Text>
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            value={code}
            onChange={setCode}
            aria-label="Verification code"
            getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of the code` })}
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => setSentTo(null)} disabled={busy}>
              Change number
            </Button>
            <Button onClick={() => void verify()} loading={busy} disabled={code.length !== 6}>
              Verify
            </Button>
          </Group>
        </>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
