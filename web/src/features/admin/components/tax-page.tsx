import {
  formatDateIN,
  formatPaise,
  istMonthOf,
  monthLabel,
  shortOrderId,
  stateWithCode,
  type TaxMonthView,
  type TaxTotals,
} from '@bagshop/domain';
import { Alert, Badge, Button, Card, Group, Loader, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { errorMessage } from '../../../lib/api-client';
import { getTaxMonth } from '../api/admin-api';
import { useAdminTitle } from '../hooks/use-admin-title';
import { AdminTable } from './admin-table';
import { Gstr1Panel } from './gstr1-panel';
import { PageHeader } from './page-header';

const MONTHS_BACK = 24;

/** This month and the 23 before it, newest first, as 'YYYY-MM' (IST). */
function recentMonths(now = new Date()): string[] {
  const [y, m] = istMonthOf(now).split('-').map(Number) as [number, number];
  return Array.from({ length: MONTHS_BACK }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

const money = (paise: number) => formatPaise(paise);

function TotalsRow({ label, count, t, strong }: { label: string; count?: number; t: TaxTotals; strong?: boolean }) {
  const fw = strong ? 700 : undefined;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={fw ?? 500}>
        {label}
      </Table.Th>
      <Table.Td ta="right">{count ?? ''}</Table.Td>
      <Table.Td ta="right" fw={fw}>
        {money(t.taxablePaise)}
      </Table.Td>
      <Table.Td ta="right" fw={fw}>
        {money(t.cgstPaise)}
      </Table.Td>
      <Table.Td ta="right" fw={fw}>
        {money(t.sgstPaise)}
      </Table.Td>
      <Table.Td ta="right" fw={fw}>
        {money(t.igstPaise)}
      </Table.Td>
      <Table.Td ta="right" fw={fw}>
        {money(t.grossPaise)}
      </Table.Td>
    </Table.Tr>
  );
}

const AMOUNT_COLUMNS = ['Taxable value', 'CGST', 'SGST', 'IGST', 'Total'];

/**
 * /admin/tax: a month's totals per tax (kept as counters, so the same few reads however many
 * documents), its series (GSTR-1 documents issued), its invoices and credit notes a page at a
 * time, and a CSV export of them all (docs/gst-invoices.md, "Admin Tax view").
 */
export function TaxPage() {
  useAdminTitle('Tax');
  const months = useMemo(() => recentMonths(), []);
  const [month, setMonth] = useState(months[0] ?? istMonthOf(new Date()));
  // The cursors of the pages seen so far: page n is fetched with cursors[n] (undefined for the first).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const [report, setReport] = useState<(TaxMonthView & { page: number }) | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);

  const cursor = cursors[page];
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    getTaxMonth(month, cursor)
      .then((r) => {
        if (!live) return;
        setReport({ ...r, page });
        if (r.nextCursor) setCursors((cs) => [...cs.slice(0, page + 1), r.nextCursor ?? undefined]);
      })
      .catch((e: unknown) => live && setError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [month, cursor, page]);

  const chooseMonth = (m: string) => {
    setMonth(m);
    setPage(0);
    setCursors([undefined]);
  };

  const shown = report?.month === month ? report : null;
  const total = shown ? shown.invoices.count + shown.creditNotes.count : 0;
  const empty = shown !== null && shown.page === 0 && shown.documents.length === 0;
  const pages = shown ? Math.max(1, Math.ceil(total / shown.pageSize)) : 1;
  const firstShown = shown ? shown.page * shown.pageSize + 1 : 0;
  const lastShown = shown ? shown.page * shown.pageSize + shown.documents.length : 0;
  const pageBusy = loading && shown !== null && shown.page !== page;

  return (
    <>
      <PageHeader
        title="Tax"
        subtitle="Invoices and credit notes issued in a month (India time), with the totals per tax to declare in the GST return. Amounts in ₹."
        actions={
          <Group gap="sm" align="flex-end">
            <NativeSelect
              label="Month"
              data={months.map((m) => ({ value: m, label: monthLabel(m) }))}
              value={month}
              onChange={(e) => chooseMonth(e.currentTarget.value)}
              w={180}
            />
            <DownloadButton
              path="admin/tax/csv"
              query={{ month }}
              fileName={`gst-${month}.csv`}
              label="Export CSV"
              ariaLabel={`Export CSV for ${monthLabel(month)}`}
              variant="filled"
            />
          </Group>
        }
      />
      {Boolean(error) && (
        <Alert color="red" icon={<IconAlertTriangle />} title="Could not load the tax report" mb="md">
          {errorMessage(error)}
        </Alert>
      )}
      {loading && !shown && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading the tax report" />
        </Group>
      )}
      {shown && (
        <Stack gap="lg" aria-busy={loading}>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Card withBorder radius="md" padding="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Invoices
              </Text>
              <Text fz={26} fw={800}>
                {shown.invoices.count}
              </Text>
              <Text size="sm" c="dimmed">
                ₹{money(shown.invoices.grossPaise)} billed
              </Text>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Credit notes
              </Text>
              <Text fz={26} fw={800}>
                {shown.creditNotes.count}
              </Text>
              <Text size="sm" c="dimmed">
                ₹{money(shown.creditNotes.grossPaise)} credited
              </Text>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Net tax
              </Text>
              <Text fz={26} fw={800} data-testid="net-tax">
                ₹{money(shown.net.cgstPaise + shown.net.sgstPaise + shown.net.igstPaise)}
              </Text>
              <Text size="sm" c="dimmed">
                CGST + SGST + IGST
              </Text>
            </Card>
          </SimpleGrid>

          <Card withBorder radius="md" padding={0}>
            <Title order={3} fz="h5" p="md" pb={0}>
              Totals per tax, {monthLabel(month)}
            </Title>
            <Table.ScrollContainer minWidth={640} type="native" tabIndex={0}>
              <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Totals per tax">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Documents</Table.Th>
                    <Table.Th ta="right">Count</Table.Th>
                    {AMOUNT_COLUMNS.map((c) => (
                      <Table.Th key={c} ta="right">
                        {c}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <TotalsRow label="Invoices" count={shown.invoices.count} t={shown.invoices} />
                  <TotalsRow label="Less credit notes" count={shown.creditNotes.count} t={shown.creditNotes} />
                  <TotalsRow label="Net to declare" t={shown.net} strong />
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>

          {/* Issue 41: B2B / B2CL / B2CS counts and the GSTR-1 download. */}
          <Gstr1Panel month={month} />

          {shown.byPlaceAndRate.length > 0 && (
            <Stack gap={6}>
              <Title order={3} fz="h5">
                Net by place of supply and rate
              </Title>
              <AdminTable
                label="Net by place of supply and rate"
                minWidth={640}
                columns={[
                  { label: 'Place of supply' },
                  { label: 'Rate', align: 'right' },
                  ...AMOUNT_COLUMNS.map((label) => ({ label, align: 'right' as const })),
                ]}
              >
                {shown.byPlaceAndRate.map((r) => (
                  <Table.Tr key={`${r.stateCode}-${r.ratePercent}`}>
                    <Table.Td>{stateWithCode(r.state, r.stateCode)}</Table.Td>
                    <Table.Td ta="right">{r.ratePercent}%</Table.Td>
                    <Table.Td ta="right">{money(r.taxablePaise)}</Table.Td>
                    <Table.Td ta="right">{money(r.cgstPaise)}</Table.Td>
                    <Table.Td ta="right">{money(r.sgstPaise)}</Table.Td>
                    <Table.Td ta="right">{money(r.igstPaise)}</Table.Td>
                    <Table.Td ta="right">{money(r.grossPaise)}</Table.Td>
                  </Table.Tr>
                ))}
              </AdminTable>
            </Stack>
          )}

          {shown.documentsIssued.length > 0 && (
            <Stack gap={6}>
              <Title order={3} fz="h5">
                Documents issued
              </Title>
              <AdminTable
                label="Documents issued"
                minWidth={640}
                columns={[
                  { label: 'Nature of document' },
                  { label: 'From' },
                  { label: 'To' },
                  { label: 'Total', align: 'right' },
                  { label: 'Cancelled', align: 'right' },
                  { label: 'Net issued', align: 'right' },
                ]}
              >
                {shown.documentsIssued.map((r) => (
                  <Table.Tr key={`${r.kind}-${r.financialYear}`}>
                    <Table.Td>{r.kind === 'invoice' ? 'Invoices for outward supply' : 'Credit notes'}</Table.Td>
                    <Table.Td ff="monospace">{r.from}</Table.Td>
                    <Table.Td ff="monospace">{r.to}</Table.Td>
                    <Table.Td ta="right">{r.total}</Table.Td>
                    <Table.Td ta="right">{r.cancelled}</Table.Td>
                    <Table.Td ta="right">{r.netIssued}</Table.Td>
                  </Table.Tr>
                ))}
              </AdminTable>
            </Stack>
          )}

          <Group justify="space-between" align="center" wrap="wrap" gap="xs">
            <Title order={3} fz="h5">
              Invoices and credit notes
            </Title>
            {!empty && (
              <Group gap="xs" align="center" role="navigation" aria-label="Pages of documents">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {pageBusy ? 'Loading…' : `${firstShown}–${lastShown} of ${Math.max(total, lastShown)} · page ${page + 1} of ${pages}`}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconChevronLeft size={14} />}
                    disabled={page === 0 || loading}
                    onClick={() => setPage((p) => Math.max(0, p - 1))}
                  >
                    Previous
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    rightSection={<IconChevronRight size={14} />}
                    disabled={loading || !shown.nextCursor}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    Next
                  </Button>
                </Group>
              </Group>
            )}
          </Group>
          <AdminTable
            label={`Invoices and credit notes, ${monthLabel(month)}`}
            minWidth={800}
            columns={[
              { label: 'Document' },
              { label: 'Date and order' },
              { label: 'Buyer' },
              { label: 'Place of supply' },
              ...AMOUNT_COLUMNS.map((label) => ({ label, align: 'right' as const })),
            ]}
            message={empty ? `No invoices or credit notes in ${monthLabel(month)}.` : pageBusy ? 'Loading the page…' : null}
          >
            {shown.documents.map((d) => {
              const sign = d.kind === 'invoice' ? 1 : -1;
              return (
                <Table.Tr key={`${d.kind}-${d.number}-${d.returnNumber ?? ''}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge variant="light" size="sm" color={d.kind === 'invoice' ? 'blue' : 'grape'}>
                      {d.kind === 'invoice' ? 'Invoice' : 'Credit note'}
                    </Badge>
                    <Text size="sm" ff="monospace">
                      {d.number}
                    </Text>
                    {d.invoiceNumber && (
                      <Text size="xs" c="dimmed">
                        against {d.invoiceNumber}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDateIN(d.issuedAt)}</Text>
                    <Text size="xs" c="dimmed" ff="monospace" title={d.orderId}>
                      Order #{shortOrderId(d.orderId)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{d.buyerName}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{stateWithCode(d.placeOfSupply.state, d.placeOfSupply.stateCode)}</Table.Td>
                  <Table.Td ta="right">{money(sign * d.totals.taxablePaise)}</Table.Td>
                  <Table.Td ta="right">{money(sign * d.totals.cgstPaise)}</Table.Td>
                  <Table.Td ta="right">{money(sign * d.totals.sgstPaise)}</Table.Td>
                  <Table.Td ta="right">{money(sign * d.totals.igstPaise)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(sign * d.totals.grossPaise)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </AdminTable>
        </Stack>
      )}
    </>
  );
}
