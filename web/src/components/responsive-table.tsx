import { Box, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSmallScreen } from '../hooks/use-small-screen';

export interface TableColumn<Name extends string> {
  name: Name;
  /** A fixed share of the table's width: given for every column, the table lays out fixed (cells that change cannot make columns jump). */
  width?: string;
}

export interface TableRecord<Name extends string> {
  key: string;
  /** Names the record's card on a phone (its accessible name). */
  label: string;
  cells: Record<Name, ReactNode>;
}

interface ResponsiveTableProps<Name extends string> {
  label: string;
  columns: readonly TableColumn<Name>[];
  records: readonly TableRecord<Name>[];
  /** The table's narrowest width on a wide screen; narrower, it scrolls sideways. */
  minWidth: number;
  /** While the first page loads: placeholder rows (or cards). */
  loading?: boolean;
  /** Shown in place of the records (an error, "nothing yet"). */
  message?: ReactNode;
}

const PLACEHOLDERS = 3;

/**
 * A table on wide screens; on a phone, which has no room for its columns side by side, a card per
 * record with the same cells under their column names, so every field and action stays on screen.
 */
export function ResponsiveTable<Name extends string>({
  label,
  columns,
  records,
  minWidth,
  loading = false,
  message,
}: ResponsiveTableProps<Name>) {
  const small = useSmallScreen();
  if (small) {
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {loading
          ? Array.from({ length: PLACEHOLDERS }, (_, index) => <Skeleton key={index} h={160} radius="md" />)
          : message !== undefined
            ? message
            : records.map((record) => (
                <Paper key={record.key} withBorder radius="md" p="sm" role="listitem" aria-label={record.label}>
                  <Stack gap={6}>
                    {columns.map((column) => (
                      <Group key={column.name} justify="space-between" align="center" gap="sm" wrap="nowrap">
                        <Text c="dimmed" fz="xs" fw={600} style={{ flexShrink: 0 }}>
                          {column.name}
                        </Text>
                        <Box ta="right" fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                          {record.cells[column.name]}
                        </Box>
                      </Group>
                    ))}
                  </Stack>
                </Paper>
              ))}
      </Stack>
    );
  }
  const fixed = columns.every((column) => column.width !== undefined);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm" layout={fixed ? 'fixed' : 'auto'} aria-label={label}>
        {fixed && (
          <colgroup>
            {columns.map((column) => (
              <col key={column.name} style={{ width: column.width }} />
            ))}
          </colgroup>
        )}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.name}>{column.name}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading ? (
            Array.from({ length: PLACEHOLDERS }, (_, index) => (
              <Table.Tr key={index}>
                {columns.map((column) => (
                  <Table.Td key={column.name}>
                    <Skeleton h={20} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          ) : message !== undefined ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{message}</Table.Td>
            </Table.Tr>
          ) : (
            records.map((record) => (
              <Table.Tr key={record.key}>
                {columns.map((column) => (
                  <Table.Td key={column.name}>{record.cells[column.name]}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
