import { Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { rooms } from '@playtime/shared/contract/rooms';
import { useState } from 'react';
import { PAGE_SIZE_OPTIONS } from '../../components/paging';
import { TablePaging } from '../../components/table-paging';
import { errorMessage } from '../../lib/notify';
import { useLiveRoom } from '../realtime/use-live-room';
import { applicationKeys, useAnswerApplication, useApplicationsPage } from './api/applications';
import { PartnerSheetImport } from './partner-sheet-import';

/** The spec's eight columns; the Status cell holds the admin's answer. */
const COLUMNS = ['Submitted', 'Contact name', 'Email', 'Phone', 'Field name', 'Location', 'Sub-fields', 'Status'];
const STATUS_COLOR = { submitted: 'gray', approved: 'green', declined: 'red' } as const;

/** The admin's 'Field Owners Applications' tab: a paged table of applications, approved or declined here. */
export function FieldOwnerApplications() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[0]);
  const applications = useApplicationsPage(page, pageSize);
  const answer = useAnswerApplication();
  useLiveRoom(rooms.admin, [applicationKeys.all]);

  return (
    <Card withBorder padding="md">
      <Title order={2} fz="xl" mb="md">
        Field Owners Applications
      </Title>
      <PartnerSheetImport />
      <Table.ScrollContainer minWidth={900}>
        <Table striped aria-label="Field Owners Applications">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {applications.isPending && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>Loading...</Table.Td>
              </Table.Tr>
            )}
            {applications.isError && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>Error fetching data: {errorMessage(applications.error)}</Table.Td>
              </Table.Tr>
            )}
            {applications.data?.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Text c="dimmed">No applications yet.</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {applications.data?.rows.map((row) => (
              <Table.Tr key={row.applicationId}>
                <Table.Td>{new Date(row.submittedAt).toLocaleDateString()}</Table.Td>
                <Table.Td>{row.contactName}</Table.Td>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>{row.phone}</Table.Td>
                <Table.Td>
                  <Text fz="sm">{row.fieldName}</Text>
                  {row.message && (
                    <Text fz="xs" c="dimmed" lineClamp={2} title={row.message}>
                      {row.message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.location}</Table.Td>
                <Table.Td>{row.subFields}</Table.Td>
                <Table.Td>
                  {row.status === 'submitted' ? (
                    <Group gap={6} wrap="nowrap">
                      <Button size="compact-xs" onClick={() => answer.mutate({ applicationId: row.applicationId, answer: 'approve' })} loading={answer.isPending}>
                        Approve
                      </Button>
                      <Button size="compact-xs" variant="light" color="red" onClick={() => answer.mutate({ applicationId: row.applicationId, answer: 'decline' })} disabled={answer.isPending}>
                        Decline
                      </Button>
                    </Group>
                  ) : (
                    <Badge variant="light" color={STATUS_COLOR[row.status]}>
                      {row.status}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TablePaging
        page={page}
        pageSize={pageSize}
        total={applications.data?.total ?? 0}
        loading={applications.isPlaceholderData}
        onPage={setPage}
        onPageSize={setPageSize}
      />
    </Card>
  );
}
