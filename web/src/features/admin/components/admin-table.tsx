import { Card, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AdminColumn {
  label: string;
  w?: number;
  align?: 'right';
}

interface AdminTableProps {
  /** The table's accessible name. */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing (phones). */
  minWidth: number;
  columns: AdminColumn[];
  /** Shown as one full-width row instead of the rows: loading, empty, failed. */
  message?: string | null;
  /** The rows. */
  children: ReactNode;
  /** Inside the card, under the table (a loader while more rows load). */
  footer?: ReactNode;
}

/** The admin area's list tables (orders, products, users): one look, one empty/loading row. */
export function AdminTable({ label, minWidth, columns, message, children, footer }: AdminTableProps) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={label}>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.label} w={c.w} ta={c.align}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {message ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" c="dimmed" py="lg">
                    {message}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              children
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {footer}
    </Card>
  );
}
