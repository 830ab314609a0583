import { Table, Text } from '@mantine/core';

/** One full-width row of a table that says why there is nothing to list (loading, empty). */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text ta="center" c="dimmed" py="lg">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
