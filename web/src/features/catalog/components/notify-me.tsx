// "Notify me" on a sold-out variant (docs/comeback.md "Alerts"). A real form: before the app
// runs, a visitor's email goes to the product route's action (the double opt-in mail); once it
// runs, a signed-in shopper needs one tap and a visitor's email goes to POST /api/alerts.
import { Stack, Text, TextInput } from '@mantine/core';
import type { SignedLinkAnswer } from '@bagshop/domain';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Form } from 'react-router';
import button from '../../../components/plain-button.module.css';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export async function createAlert(body: { productId: string; variantId?: string; email?: string }): Promise<string> {
  const res = await apiRequest<{ message?: string }>('alerts', { method: 'POST', body });
  return res.message ?? 'We will email you when it is back in stock';
}

export function NotifyMe({
  productId,
  variantId,
  answered,
}: {
  productId: string;
  variantId?: string;
  answered?: SignedLinkAnswer<{ message: string }>;
}) {
  const { user, firebaseUser } = useSession();
  const signedIn = Boolean(user ?? firebaseUser);
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(
    answered ? { ok: answered.ok, text: answered.ok ? answered.view.message : answered.message } : null,
  );
  const [busy, setBusy] = useState(false);
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        createAlert({ productId, ...(variantId ? { variantId } : {}), ...(signedIn ? {} : { email }) })
          .then((text) => setResult({ ok: true, text }))
          .catch((error: unknown) => setResult({ ok: false, text: errorMessage(error) }))
          .finally(() => setBusy(false));
      }}
    >
      <Stack gap="xs" maw={440} data-testid="notify-me">
        <Text fz="sm">Sold out. We can email you once when it is back in stock.</Text>
        <input type="hidden" name="intent" value="notify" />
        {variantId && <input type="hidden" name="variant" value={variantId} />}
        {!signedIn && (
          <TextInput
            type="email"
            name="email"
            label="Your email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        )}
        <button className={`${button.button} ${button.md} ${button.outline}`} type="submit" aria-busy={busy || undefined}>
          <IconBell size={18} aria-hidden />
          Notify me
        </button>
        {result && (
          <Text role={result.ok ? 'status' : 'alert'} c={result.ok ? 'green.9' : 'red.9'} fw={600} data-testid="notify-result">
            {result.text}
          </Text>
        )}
      </Stack>
    </Form>
  );
}
