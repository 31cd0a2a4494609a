import { Box, Card, Flex, Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { RowDeleteButton, RowEditButton } from '../../components/row-actions';
import { TableHead } from '../../components/table-head';
import { useSmallScreen } from '../../hooks/use-small-screen';
import type { OwnerField } from '../../types/field';
import { BookingPolicy } from './booking-policy';
import { FieldCard } from './field-card';

const COLUMNS = ['Field Name', 'Street Address', 'Zip Code', 'City', 'Actions'];
/** A phone has room for two columns: the address goes under the name, the actions stack. */
const PHONE_COLUMNS = ['Field Name', 'Actions'];

interface FieldsTableProps {
  fields: OwnerField[] | undefined;
  onEdit: (field: OwnerField) => void;
  onDelete: (field: OwnerField) => void;
}

/** The owner's fields; a name opens the field's card below its row. Fits a phone's width without scrolling sideways. */
export function FieldsTable({ fields, onEdit, onDelete }: FieldsTableProps) {
  const [openedId, setOpenedId] = useState<string | null>(null);
  const small = useSmallScreen();
  const columns = small ? PHONE_COLUMNS : COLUMNS;

  const body =
    fields === undefined ? (
      Array.from({ length: 3 }, (_, index) => (
        <Table.Tr key={`loading-${index}`}>
          {columns.map((column) => (
            <Table.Td key={column}>
              <Skeleton h={20} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))
    ) : fields.length === 0 ? (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text c="dimmed" ta="center" py="md">
            No Fields Available
          </Text>
        </Table.Td>
      </Table.Tr>
    ) : (
      fields.map((field) => {
        const opened = openedId === field.fieldId;
        return (
          <Fragment key={field.fieldId}>
            <Table.Tr>
              <Table.Td>
                <UnstyledButton
                  onClick={() => setOpenedId(opened ? null : field.fieldId)}
                  aria-expanded={opened}
                  aria-label={`Details of ${field.fieldName}`}
                >
                  <Group gap={6} wrap="nowrap">
                    {opened ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    <Text fw={600} fz="sm">
                      {field.fieldName}
                    </Text>
                  </Group>
                </UnstyledButton>
                {small && (
                  <Text fz="xs" c="dimmed" mt={4}>
                    {field.address}, {field.zipCode} {field.city}
                  </Text>
                )}
              </Table.Td>
              {!small && (
                <>
                  <Table.Td>{field.address}</Table.Td>
                  <Table.Td>{field.zipCode}</Table.Td>
                  <Table.Td>{field.city}</Table.Td>
                </>
              )}
              <Table.Td w={small ? 1 : undefined}>
                <Flex gap="xs" direction={small ? 'column' : 'row'}>
                  <RowEditButton onClick={() => onEdit(field)} />
                  <RowDeleteButton onClick={() => onDelete(field)} />
                </Flex>
              </Table.Td>
            </Table.Tr>
            {opened && (
              <Table.Tr>
                <Table.Td colSpan={columns.length} bg="var(--mantine-color-gray-0)">
                  {/* Sticks to the left of the sideways-scrolling table, and fits a phone's width. */}
                  <Box maw="min(380px, calc(100vw - 6rem))" py="xs" pos="sticky" left={0}>
                    <FieldCard field={field} />
                    <BookingPolicy field={field} />
                  </Box>
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })
    );

  return (
    <Card padding={small ? 'sm' : 'lg'}>
      <Table.ScrollContainer minWidth={small ? 0 : 720}>
        <Table highlightOnHover verticalSpacing="sm">
          <TableHead columns={columns} />
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
