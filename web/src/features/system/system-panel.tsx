import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { JobQueueStatus, ProjectionStatus, ReconciliationStatus } from '@playtime/shared/contract/operations';
import { ResponsiveTable, type TableColumn } from '../../components/responsive-table';
import { errorMessage } from '../../lib/notify';
import { formatDollars } from '../../utils/money';
import { useRebuildProjection, useRetryJob, useSystemStatus } from './api/system';

const STATE_COLOR = { live: 'green', 'catching up': 'yellow', rebuilding: 'blue' } as const;
const PROJECTION_COLUMNS = (['Read model', 'Position', 'Behind', 'State', 'Rebuild'] as const).map((name) => ({
  name,
}));
const JOB_COLUMNS = (['Queue', 'Waiting', 'Delayed', 'Running', 'Failed', 'Done'] as const).map((name) => ({ name }));
/** The two tables of a titled section each: their columns, and the width below which they scroll. */
const PROJECTIONS_TABLE = { title: 'Projections', columns: PROJECTION_COLUMNS, minWidth: 640 };
const JOBS_TABLE = { title: 'Jobs', columns: JOB_COLUMNS, minWidth: 520 };
const DIFFERENCE_COLUMNS = (['Found', 'Payment', 'Difference', 'Processor', 'Ledger', 'Resolution'] as const).map(
  (name) => ({ name }),
);
const number = new Intl.NumberFormat();

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}

/** A titled card of the tab. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * A section holding one table of named rows (a read model, a job queue): the table is labelled as the
 * section is titled, and each row is keyed and labelled by its name.
 */
function TableSection<Column extends string>({
  title,
  columns,
  minWidth,
  rows,
  children,
}: {
  title: string;
  columns: readonly TableColumn<Column>[];
  minWidth: number;
  rows: { name: string; cells: Record<Column, ReactNode> }[];
  children?: ReactNode;
}) {
  return (
    <Section title={title}>
      <ResponsiveTable
        label={title}
        columns={columns}
        minWidth={minWidth}
        records={rows.map(({ name, cells }) => ({ key: name, label: name, cells }))}
      />
      {children}
    </Section>
  );
}

function RebuildProgress({ projection }: { projection: ProjectionStatus }) {
  const rebuild = projection.rebuild!;
  const percent = rebuild.eventsTotal ? Math.min(100, (100 * rebuild.eventsDone) / rebuild.eventsTotal) : 0;
  return (
    <Stack gap={4} miw={200}>
      <Progress value={percent} animated aria-label={`Rebuilding ${projection.name}`} />
      <Text fz="xs" c="dimmed">
        {number.format(rebuild.eventsDone)} / {number.format(rebuild.eventsTotal)} events ·{' '}
        {number.format(Math.round(rebuild.ratePerSecond))}/s
        {rebuild.secondsLeft !== null && ` · ${duration(rebuild.secondsLeft)} left`}
      </Text>
    </Stack>
  );
}

function Projections({ projections }: { projections: ProjectionStatus[] }) {
  const rebuild = useRebuildProjection();
  return (
    <TableSection
      {...PROJECTIONS_TABLE}
      rows={projections.map((projection) => ({
        name: projection.name,
        cells: {
          'Read model': projection.name,
          Position: number.format(projection.position),
          Behind: `${number.format(projection.behind)} events`,
          State: (
            <Badge color={STATE_COLOR[projection.state]} variant="light">
              {projection.state}
            </Badge>
          ),
          Rebuild: projection.rebuild ? (
            <RebuildProgress projection={projection} />
          ) : (
            // Wraps under the button where the last rebuild's line does not fit beside it (a phone's card).
            <Group gap="sm">
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => rebuild.mutate(projection.name)}
                loading={rebuild.isPending && rebuild.variables === projection.name}
              >
                Rebuild
              </Button>
              {projection.lastRebuild && (
                <Text fz="xs" c="dimmed">
                  Last rebuilt {new Date(projection.lastRebuild.finishedAt).toLocaleTimeString()}:{' '}
                  {number.format(projection.lastRebuild.events)} events in {duration(projection.lastRebuild.seconds)}
                </Text>
              )}
            </Group>
          ),
        },
      }))}
    />
  );
}

function Jobs({ jobs }: { jobs: JobQueueStatus[] }) {
  const retry = useRetryJob();
  return (
    <TableSection
      {...JOBS_TABLE}
      rows={jobs.map((queue) => ({
        name: queue.queue,
        cells: {
          Queue: queue.queue,
          Waiting: queue.waiting,
          Delayed: queue.delayed,
          Running: queue.active,
          Failed: (
            <Text fz="sm" c={queue.failed ? 'red' : undefined}>
              {queue.failed}
            </Text>
          ),
          Done: queue.completed,
        },
      }))}
    >
      {jobs.flatMap((queue) =>
        queue.failedJobs.map((job) => (
          <Alert
            key={`${queue.queue}/${job.id}`}
            color="red"
            variant="light"
            mt="sm"
            title={`${queue.queue}: ${job.name} (${job.id})`}
          >
            <Group justify="space-between" align="flex-start" gap="xs">
              <Text fz="sm" style={{ flex: '1 1 12rem' }}>
                {job.reason} · {job.attempts} attempts
                {job.failedAt && `, last ${new Date(job.failedAt).toLocaleTimeString()}`}
              </Text>
              <Button
                size="compact-xs"
                color="red"
                variant="light"
                onClick={() => retry.mutate({ queue: queue.queue, jobId: job.id })}
                loading={retry.isPending && retry.variables?.jobId === job.id}
              >
                Retry
              </Button>
            </Group>
          </Alert>
        )),
      )}
    </TableSection>
  );
}

function Reconciliation({ reconciliation }: { reconciliation: ReconciliationStatus }) {
  return (
    <Section title="Payments reconciliation">
      <Text fz="sm" mb="sm">
        {reconciliation.lastRunAt
          ? `Last run ${new Date(reconciliation.lastRunAt).toLocaleString()}: ${reconciliation.lastChecked} payments compared with the ledger.`
          : 'Not run yet.'}{' '}
        {reconciliation.applied} applied, {reconciliation.needsAttention} need attention.
        {reconciliation.watching > 0 &&
          ` Watching ${reconciliation.watching} ${reconciliation.watching === 1 ? 'payment' : 'payments'} not paid yet, looked at again on each run for a week.`}
      </Text>
      {reconciliation.lastError && (
        <Alert color="red" variant="light" mb="sm" title="The last run failed">
          {reconciliation.lastError}
        </Alert>
      )}
      {reconciliation.differences.length === 0 ? (
        <Text c="dimmed" fz="sm">
          The ledger and the payment processor agree.
        </Text>
      ) : (
        <ResponsiveTable
          label="Payment differences"
          columns={DIFFERENCE_COLUMNS}
          minWidth={640}
          records={reconciliation.differences.map((difference) => ({
            key: difference.differenceId,
            label: difference.paymentId,
            cells: {
              Found: new Date(difference.foundAt).toLocaleString(),
              Payment: (
                <>
                  <Text fz="sm">{difference.paymentId}</Text>
                  <Text fz="xs" c="dimmed">
                    {difference.payer} → {difference.receiver}
                  </Text>
                </>
              ),
              Difference: difference.kind.replaceAll('_', ' '),
              Processor: `${formatDollars(difference.processorAmountCents)} ${difference.processorStatus}, ${formatDollars(difference.processorRefundedCents)} refunded`,
              Ledger: `${difference.ledgerAmountCents === null ? 'none' : formatDollars(difference.ledgerAmountCents)}, ${formatDollars(difference.ledgerRefundedCents)} refunded`,
              Resolution: (
                <Badge color={difference.resolution === 'applied' ? 'green' : 'red'} variant="light">
                  {difference.resolution === 'applied' ? 'applied' : 'needs attention'}
                </Badge>
              ),
            },
          }))}
        />
      )}
    </Section>
  );
}

/** The admin's 'System' tab: read models, background jobs and payments reconciliation, as /metrics counts them. */
export function SystemPanel() {
  const status = useSystemStatus();
  if (status.isPending) return <Text>Loading...</Text>;
  if (status.isError) return <Text c="red">Error fetching data: {errorMessage(status.error)}</Text>;
  return (
    <Stack gap="lg">
      <Projections projections={status.data.projections} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Jobs jobs={status.data.jobs} />
        <Reconciliation reconciliation={status.data.reconciliation} />
      </SimpleGrid>
    </Stack>
  );
}
