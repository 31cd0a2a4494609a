import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { rooms } from '@playtime/shared/contract/rooms';
import { useState } from 'react';
import { PAGE_SIZE_OPTIONS } from '../../components/paging';
import { ResponsiveTable } from '../../components/responsive-table';
import { TablePaging } from '../../components/table-paging';
import { errorMessage } from '../../lib/notify';
import { useLiveRoom } from '../realtime/use-live-room';
import { applicationKeys, useAnswerApplication, useApplicationsPage } from './api/applications';
import { PartnerSheetImport } from './partner-sheet-import';

/** The spec's eight columns; the Status cell holds the admin's answer. */
const COLUMNS = (['Submitted', 'Contact name', 'Email', 'Phone', 'Field name', 'Location', 'Sub-fields', 'Status'] as const).map((name) => ({ name }));
const STATUS_COLOR = { submitted: 'gray', approved: 'green', declined: 'red' } as const;

/** The admin's 'Field Owners Applications' tab: a paged table of applications (a card each on phones), approved or declined here. */
export function FieldOwnerApplications() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[0]);
  const applications = useApplicationsPage(page, pageSize);
  const answer = useAnswerApplication();
  useLiveRoom(rooms.admin, [applicationKeys.all]);

  const records = (applications.data?.rows ?? []).map((row) => ({
    key: row.applicationId,
    label: `${row.contactName}, ${row.fieldName}`,
    cells: {
      Submitted: new Date(row.submittedAt).toLocaleDateString(),
      'Contact name': row.contactName,
      Email: (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.email}
        </Text>
      ),
      Phone: row.phone,
      'Field name': (
        <>
          <Text fz="sm">{row.fieldName}</Text>
          {row.message && (
            <Text fz="xs" c="dimmed" lineClamp={2} title={row.message}>
              {row.message}
            </Text>
          )}
        </>
      ),
      Location: row.location,
      'Sub-fields': row.subFields,
      Status:
        row.status === 'submitted' ? (
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
        ),
    },
  }));

  return (
    <Card withBorder padding="md">
      <Title order={2} fz="xl" mb="md">
        Field Owners Applications
      </Title>
      <PartnerSheetImport />
      <ResponsiveTable
        label="Field Owners Applications"
        columns={COLUMNS}
        records={records}
        minWidth={900}
        message={
          applications.isPending ? (
            'Loading...'
          ) : applications.isError ? (
            `Error fetching data: ${errorMessage(applications.error)}`
          ) : records.length === 0 ? (
            <Text c="dimmed">No applications yet.</Text>
          ) : undefined
        }
      />
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
