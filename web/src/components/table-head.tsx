import { Table } from '@mantine/core';

/** A table's header row: one heading cell a column, named by the column. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
