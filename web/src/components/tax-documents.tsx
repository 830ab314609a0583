import { documentFileName, formatDateIN, type Order } from '@bagshop/domain';
import { Group, Stack, Text } from '@mantine/core';
import { DownloadButton } from './download-button';

/**
 * The order's tax invoice and credit note with their download buttons (PDFs from
 * /api/order/{id}/invoice and /credit-note). Nothing when neither has been issued.
 */
export function TaxDocuments({ order }: { order: Order }) {
  const { invoice, creditNote } = order;
  if (!invoice) return null;
  return (
    <Stack gap="xs" data-testid="tax-documents">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text size="sm" fw={600}>
            Invoice {invoice.number}
          </Text>
          <Text size="xs" c="dimmed">
            Issued {formatDateIN(invoice.issuedAt)}
          </Text>
        </div>
        <DownloadButton
          size="xs"
          path={`order/${encodeURIComponent(order._id)}/invoice`}
          fileName={documentFileName(invoice.number)}
          label="Download invoice"
          ariaLabel={`Download invoice ${invoice.number} (PDF)`}
        />
      </Group>
      {creditNote && (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text size="sm" fw={600}>
              Credit note {creditNote.number}
            </Text>
            <Text size="xs" c="dimmed">
              Issued {formatDateIN(creditNote.issuedAt)} · cancels the invoice
            </Text>
          </div>
          <DownloadButton
            size="xs"
            color="grape"
            path={`order/${encodeURIComponent(order._id)}/credit-note`}
            fileName={documentFileName(creditNote.number)}
            label="Download credit note"
            ariaLabel={`Download credit note ${creditNote.number} (PDF)`}
          />
        </Group>
      )}
    </Stack>
  );
}
