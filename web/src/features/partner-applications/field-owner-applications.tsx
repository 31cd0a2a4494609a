import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import {
  NO_ACCOUNT_YET,
  REVOKE_CONSEQUENCE,
  type ApplicationAnswer,
  type PartnerApplicationRow,
} from '@playtime/shared/contract/partners';
import { rooms } from '@playtime/shared/contract/rooms';
import type { ReactNode } from 'react';
import { ResponsiveTable } from '../../components/responsive-table';
import { TablePaging, useTablePages } from '../../components/table-paging';
import { errorMessage } from '../../lib/notify';
import { useLiveRoom } from '../../hooks/use-live-room';
import { useAnswerApplication, useApplicationsPage } from './api/applications';
import { applicationKeys } from './api/query-keys';
import { PartnerSheetImport } from './partner-sheet-import';
import { confirmDanger } from '../../components/confirm-danger';

/** The spec's eight columns; the Status cell holds the admin's answer. */
const COLUMNS = (
  ['Submitted', 'Contact name', 'Email', 'Phone', 'Field name', 'Location', 'Sub-fields', 'Status'] as const
).map((name) => ({ name }));
const STATUS_COLOR = { submitted: 'gray', approved: 'green', declined: 'red', revoked: 'red' } as const;

/** A 'no' to an application (Decline, Revoke): quieter than Approve, in red. */
function NoButton({ onClick, disabled, children }: { onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <Button size="compact-xs" variant="light" color="red" onClick={onClick} disabled={disabled}>
      {children}
    </Button>
  );
}

/** Revoking takes a role away: the admin is asked first, with the application named. */
function confirmRevoke(row: PartnerApplicationRow, onConfirm: () => void) {
  confirmDanger({
    title: 'Revoke the approval',
    confirm: 'Revoke',
    children: (
      <Text size="sm">
        Revoke the approval of <b>{row.fieldName}</b> ({row.email})? {REVOKE_CONSEQUENCE}
      </Text>
    ),
    onConfirm,
  });
}

/**
 * The admin's 'Field Owners Applications' tab: a paged table of applications (a card each on phones),
 * answered here; an answer can be changed (approve after decline, revoke after approve).
 */
export function FieldOwnerApplications() {
  const pages = useTablePages();
  const applications = useApplicationsPage(pages.page, pages.pageSize);
  const answer = useAnswerApplication();
  useLiveRoom(rooms.admin, [applicationKeys.all]);
  /** Sends the admin's answer to one application. */
  const answerWith = (row: PartnerApplicationRow, kind: ApplicationAnswer) => () =>
    answer.mutate({ applicationId: row.applicationId, answer: kind });

  const records = (applications.data?.rows ?? []).map((row) => ({
    key: row.applicationId,
    label: `${row.contactName}, ${row.fieldName}`,
    cells: {
      Submitted: new Date(row.submittedAt).toLocaleDateString(),
      'Contact name': row.contactName,
      Email: (
        <>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.email}
          </Text>
          {!row.hasAccount && (
            <Text fz="xs" c="dimmed">
              {NO_ACCOUNT_YET}
            </Text>
          )}
        </>
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
      Status: (
        <Group gap={6}>
          {row.status !== 'submitted' && (
            <Badge variant="light" color={STATUS_COLOR[row.status]}>
              {row.status}
            </Badge>
          )}
          {row.status !== 'approved' && (
            <Button size="compact-xs" onClick={answerWith(row, 'approve')} loading={answer.isPending}>
              Approve
            </Button>
          )}
          {row.status === 'submitted' && (
            <NoButton onClick={answerWith(row, 'decline')} disabled={answer.isPending}>
              Decline
            </NoButton>
          )}
          {row.status === 'approved' && (
            <NoButton onClick={() => confirmRevoke(row, answerWith(row, 'revoke'))} disabled={answer.isPending}>
              Revoke
            </NoButton>
          )}
        </Group>
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
      <TablePaging pages={pages} total={applications.data?.total ?? 0} loading={applications.isPlaceholderData} />
    </Card>
  );
}
