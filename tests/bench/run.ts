/**
 * `npm run bench`: measures the event store, the projector, the whole app end to end and its start
 * time, and writes tests/reports/bench-<YYYY-MM-DD-HHmm>.md, bench-latest.md and bench-latest.json.
 *
 * Environment: BENCH_ONLY=appends,catchup,search,history,e2e,bookings,joins,offers,calendar,reminders,start,lighthouse,signed-in (sections to run; default all), BENCH_SECONDS (5),
 * BENCH_WARMUP_SECONDS (1), BENCH_ROUNDS (3), BENCH_WRITERS (1,8,32), BENCH_CATCHUP_EVENTS (200000),
 * BENCH_DIAGNOSE=1 (extra variants of our store at the top writer count), BENCH_SYNC_COMMIT=off
 * (append databases without waiting for the disk), DATABASE_URL (an external server; default: an
 * embedded one in .data/bench-postgres, removed afterwards).
 * End to end: BENCH_E2E_CLIENTS (1,16,64 closed-loop clients), BENCH_E2E_RATES (1000 commands/s at a
 * fixed rate), BENCH_E2E_USERS (1000 accounts and sockets), BENCH_E2E_SECONDS (10 per phase), BENCH_E2E_PROFILE=1 (V8 CPU profile of the app process in
 * .data/bench-profiles), BENCH_E2E_LOG_LEVEL (warn). Start: BENCH_START_WARM (2 warm restarts).
 * Lighthouse: LIGHTHOUSE_RUNS (3 audits of each page; the median run is reported). Signed-in pages:
 * BENCH_SIGNED_IN_RUNS (5 loads of each page; the median is reported).
 * Search: BENCH_SEARCH_GAMES (1000000 games). History: BENCH_HISTORY_EVENTS (5000000 events).
 * Bookings: BENCH_BOOKINGS_PROFILE=1 (CPU profile and statements of the app), BENCH_STATEMENTS_LISTED (15).
 */
import { historySection } from './audit/history-section';
import { e2eSection } from './e2e/e2e-section';
import { bookingsSection } from './bookings/bookings-section';
import { joinsSection } from './games/joins-section';
import { offersSection } from './games/offers-section';
import { appendsSection } from './event-store/appends-section';
import { catchupSection } from './event-store/catchup-section';
import { searchSection } from './search/search-section';
import { calendarFeedSection } from './calendar/feed-section';
import { remindersSection } from './notifications/reminders-section';
import { startSection } from './startup/start-section';
import { lighthouseSection } from './web/lighthouse-section';
import { signedInSection } from './web/signed-in-section';
import { readConfig } from './support/config';
import { describeMachine } from './support/machine';
import { memorySnapshot, startMemorySampler } from './support/memory';
import { readServerInfo, startBenchServer } from './support/postgres';
import { writeReports } from './support/report';
import type { BenchContext, BenchSection, SectionOutcome, SectionReport } from './support/section';
import { nowMs } from './support/timing';

/**
 * Every section, in running order. To add one: write a `BenchSection` in its own folder under
 * tests/bench/ and list it here; its tables, targets and memory use then appear in the report and
 * the JSON automatically.
 */
const sections: BenchSection[] = [
  appendsSection,
  catchupSection,
  searchSection,
  historySection,
  e2eSection,
  bookingsSection,
  joinsSection,
  offersSection,
  calendarFeedSection,
  remindersSection,
  startSection,
  lighthouseSection,
  signedInSection,
];

function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

/**
 * A section that threw: the report says so in its place and as a missed target, and the sections after
 * it still run, so one broken section does not throw away a long run's other measurements.
 */
function failedOutcome(section: BenchSection, error: unknown): SectionOutcome & { failed: string } {
  const message = error instanceof Error ? error.message : String(error);
  log(`${section.id} failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
  return {
    markdown: `**This section failed** and measured nothing: ${message}`,
    data: null,
    failed: message,
    targets: [
      { name: `${section.title}: the section runs`, required: 'runs to its end', measured: 'failed', pass: false },
    ],
  };
}

async function runSection(section: BenchSection, context: BenchContext): Promise<SectionReport> {
  log(`— ${section.title}`);
  const before = memorySnapshot();
  const sampler = startMemorySampler();
  const started = nowMs();
  const outcome = await section.run(context).catch((error: unknown) => failedOutcome(section, error));
  const durationMs = nowMs() - started;
  const peak = sampler.stop();
  return {
    ...outcome,
    id: section.id,
    title: section.title,
    durationMs,
    memory: { before, after: memorySnapshot(), peak },
  };
}

async function main(): Promise<void> {
  const config = readConfig();
  const unknown = [...(config.only ?? [])].filter((id) => !sections.some((section) => section.id === id));
  if (unknown.length)
    throw new Error(
      `BENCH_ONLY names unknown section(s) ${unknown.join(', ')}; known: ${sections.map((s) => s.id).join(', ')}`,
    );
  const selected = sections.filter((section) => !config.only || config.only.has(section.id));

  const startedAt = new Date();
  log(config.databaseUrl ? 'using DATABASE_URL' : 'starting embedded PostgreSQL in .data/bench-postgres…');
  const server = await startBenchServer(config.databaseUrl);
  const stopServer = () => server.stop().catch((error: unknown) => log(`could not stop PostgreSQL: ${String(error)}`));
  const onSignal = () => void stopServer().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const machine = describeMachine(server, await readServerInfo(server.url));
    log(`${machine.cpuCount} CPU(s), Node.js ${machine.node}, PostgreSQL ${machine.postgres.version}`);
    const context: BenchContext = { serverUrl: server.url, config, log };
    const reports: SectionReport[] = [];
    for (const section of selected) reports.push(await runSection(section, context));

    const { markdown, files } = writeReports({ startedAt, finishedAt: new Date(), machine, config, sections: reports });
    process.stdout.write(`\n${markdown}\n`);
    log(`report written: ${files.join(', ')}`);
    const failed = reports.filter((report) => report.failed !== undefined);
    if (failed.length > 0) throw new Error(`section(s) failed: ${failed.map((report) => report.id).join(', ')}`);
  } finally {
    await stopServer();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
