import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { JobQueueStatus, ProjectionStatus, ReconciliationStatus } from '@playtime/shared/contract/operations';
import { errorMessage } from '../../lib/notify';
import { formatDollars } from '../../utils/money';
import { useRebuildProjection, useRetryJob, useSystemStatus } from './api/system';

const STATE_COLOR = { live: 'green', 'catching up': 'yellow', rebuilding: 'blue' } as const;
const number = new Intl.NumberFormat();

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}

function RebuildProgress({ projection }: { projection: ProjectionStatus }) {
  const rebuild = projection.rebuild!;
  const percent = rebuild.eventsTotal ? Math.min(100, (100 * rebuild.eventsDone) / rebuild.eventsTotal) : 0;
  return (
    <Stack gap={4} miw={200}>
      <Progress value={percent} animated aria-label={`Rebuilding ${projection.name}`} />
      <Text fz="xs" c="dimmed">
        {number.format(rebuild.eventsDone)} / {number.format(rebuild.eventsTotal)} events · {number.format(Math.round(rebuild.ratePerSecond))}/s
        {rebuild.secondsLeft !== null && ` · ${duration(rebuild.secondsLeft)} left`}
      </Text>
    </Stack>
  );
}

function Projections({ projections }: { projections: ProjectionStatus[] }) {
  const rebuild = useRebuildProjection();
  return (
    <Card withBorder padding="md">
      <Title order={3} fz="lg" mb="sm">
        Projections
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label="Projections">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Read model</Table.Th>
              <Table.Th>Position</Table.Th>
              <Table.Th>Behind</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Rebuild</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {projections.map((projection) => (
              <Table.Tr key={projection.name} data-projection={projection.name}>
                <Table.Td>{projection.name}</Table.Td>
                <Table.Td>{number.format(projection.position)}</Table.Td>
                <Table.Td>{number.format(projection.behind)} events</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[projection.state]} variant="light">
                    {projection.state}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {projection.rebuild ? (
                    <RebuildProgress projection={projection} />
                  ) : (
                    <Group gap="sm" wrap="nowrap">
                      <Button size="compact-xs" variant="light" onClick={() => rebuild.mutate(projection.name)} loading={rebuild.isPending && rebuild.variables === projection.name}>
                        Rebuild
                      </Button>
                      {projection.lastRebuild && (
                        <Text fz="xs" c="dimmed">
                          Last rebuilt {new Date(projection.lastRebuild.finishedAt).toLocaleTimeString()}: {number.format(projection.lastRebuild.events)} events in{' '}
                          {duration(projection.lastRebuild.seconds)}
                        </Text>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Jobs({ jobs }: { jobs: JobQueueStatus[] }) {
  const retry = useRetryJob();
  return (
    <Card withBorder padding="md">
      <Title order={3} fz="lg" mb="sm">
        Jobs
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table striped aria-label="Jobs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Queue</Table.Th>
              <Table.Th>Waiting</Table.Th>
              <Table.Th>Delayed</Table.Th>
              <Table.Th>Running</Table.Th>
              <Table.Th>Failed</Table.Th>
              <Table.Th>Done</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((queue) => (
              <Table.Tr key={queue.queue}>
                <Table.Td>{queue.queue}</Table.Td>
                <Table.Td>{queue.waiting}</Table.Td>
                <Table.Td>{queue.delayed}</Table.Td>
                <Table.Td>{queue.active}</Table.Td>
                <Table.Td c={queue.failed ? 'red' : undefined}>{queue.failed}</Table.Td>
                <Table.Td>{queue.completed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {jobs.flatMap((queue) =>
        queue.failedJobs.map((job) => (
          <Alert key={`${queue.queue}/${job.id}`} color="red" variant="light" mt="sm" title={`${queue.queue}: ${job.name} (${job.id})`}>
            <Group justify="space-between" align="flex-start" gap="xs">
              <Text fz="sm" style={{ flex: '1 1 12rem' }}>
                {job.reason} · {job.attempts} attempts{job.failedAt && `, last ${new Date(job.failedAt).toLocaleTimeString()}`}
              </Text>
              <Button size="compact-xs" color="red" variant="light" onClick={() => retry.mutate({ queue: queue.queue, jobId: job.id })} loading={retry.isPending && retry.variables?.jobId === job.id}>
                Retry
              </Button>
            </Group>
          </Alert>
        )),
      )}
    </Card>
  );
}

function Reconciliation({ reconciliation }: { reconciliation: ReconciliationStatus }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} fz="lg" mb="sm">
        Payments reconciliation
      </Title>
      <Text fz="sm" mb="sm">
        {reconciliation.lastRunAt
          ? `Last run ${new Date(reconciliation.lastRunAt).toLocaleString()}: ${reconciliation.lastChecked} payments compared with the ledger.`
          : 'Not run yet.'}{' '}
        {reconciliation.applied} applied, {reconciliation.needsAttention} need attention.
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
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Payment differences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Found</Table.Th>
                <Table.Th>Payment</Table.Th>
                <Table.Th>Difference</Table.Th>
                <Table.Th>Processor</Table.Th>
                <Table.Th>Ledger</Table.Th>
                <Table.Th>Resolution</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reconciliation.differences.map((difference) => (
                <Table.Tr key={difference.differenceId}>
                  <Table.Td>{new Date(difference.foundAt).toLocaleString()}</Table.Td>
                  <Table.Td>
                    <Text fz="sm">{difference.paymentId}</Text>
                    <Text fz="xs" c="dimmed">
                      {difference.payer} → {difference.receiver}
                    </Text>
                  </Table.Td>
                  <Table.Td>{difference.kind.replaceAll('_', ' ')}</Table.Td>
                  <Table.Td>
                    {formatDollars(difference.processorAmountCents)} {difference.processorStatus}, {formatDollars(difference.processorRefundedCents)} refunded
                  </Table.Td>
                  <Table.Td>
                    {difference.ledgerAmountCents === null ? 'none' : formatDollars(difference.ledgerAmountCents)}, {formatDollars(difference.ledgerRefundedCents)} refunded
                  </Table.Td>
                  <Table.Td>
                    <Badge color={difference.resolution === 'applied' ? 'green' : 'red'} variant="light">
                      {difference.resolution === 'applied' ? 'applied' : 'needs attention'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
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
