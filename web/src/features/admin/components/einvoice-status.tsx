// The order drawer's e-invoice line (issue 41, docs/gst-b2b.md "E-invoicing"): the IRN and its
// acknowledgement, or "IRN pending" with the IRP's last error and a Retry IRN button.
import { formatDateTimeIN, type Order } from '@bagshop/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { retryEinvoice } from '../api/admin-api';

export function EinvoiceStatus({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const [retrying, setRetrying] = useState(false);
  const e = order.einvoice;
  if (!e) return null;
  const retry = async () => {
    setRetrying(true);
    try {
      const updated = await retryEinvoice(order._id);
      onChanged(updated);
      if (updated.einvoice?.status === 'registered') notify.success('IRN registered');
      else notify.error(updated.einvoice?.lastError ?? 'The IRP did not register the invoice yet');
    } catch (error) {
      notify.error(errorMessage(error, 'Could not report the e-invoice'));
    } finally {
      setRetrying(false);
    }
  };
  if (e.status === 'pending' || !e.irn) {
    return (
      <Stack gap={4} data-testid="admin-einvoice" aria-live="polite">
        <Group gap="sm">
          <Text size="sm" fw={600} c="orange.9">
            IRN pending
          </Text>
          <Button size="xs" variant="light" loading={retrying} onClick={() => void retry()}>
            Retry IRN
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          The order ships once the IRP gives its IRN (retried every minute
          {e.attempts ? `; ${e.attempts} attempt${e.attempts === 1 ? '' : 's'}` : ''}).
          {e.lastError ? ` Last error: ${e.lastError}` : ''}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={2} data-testid="admin-einvoice">
      <Text size="sm">
        {e.status === 'cancelled' ? 'IRN (cancelled at the IRP)' : 'IRN'}:{' '}
        <Text span ff="monospace" size="xs" style={{ wordBreak: 'break-all' }}>
          {e.irn}
        </Text>
      </Text>
      <Text size="xs" c="dimmed">
        Ack No {e.ackNo}
        {e.ackDt ? ` · ${formatDateTimeIN(e.ackDt)}` : ''}
        {e.cancelledAt ? ` · cancelled ${formatDateTimeIN(e.cancelledAt)}` : ''}
      </Text>
    </Stack>
  );
}
