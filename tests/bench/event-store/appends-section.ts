import path from 'node:path';
import pg from 'pg';
import { runInChild } from '../support/child';
import { fmtInt, fmtMs, fmtPercent, fmtRatio, markdownTable } from '../support/format';
import { summarizeLatencies, type LatencySummary } from '../support/percentiles';
import { createDatabase } from '../support/postgres';
import type { BenchContext, BenchSection, SectionOutcome, TargetCheck } from '../support/section';
import { targetLabels, type TargetName } from './append-target';
import type { AppendCellInput, AppendCellResult } from './append-worker';

const TARGETS: TargetName[] = ['playtime', 'emmett', 'raw'];
const DIAGNOSTICS: TargetName[] = ['playtime-no-notify', 'playtime-prepared', 'playtime-prepared-no-notify'];
const STREAMS_PER_WRITER = 16;
const workerPath = path.join(import.meta.dirname, 'append-worker.ts');

/** One store at one writer count, over every round. */
export interface AppendCell {
  target: TargetName;
  label: string;
  writers: number;
  /** Median of the rounds' rates. */
  appendsPerSecond: number;
  roundRates: number[];
  /** Over the measured appends of every round together. */
  latency: LatencySummary;
  measuredAppends: number;
  storedMatchesAcked: boolean;
  errors: number;
  firstError: string | null;
  childRssPeakMb: number;
  childHeapPeakMb: number;
}

/** Pool size for every target: one connection per writer plus one (our store's coalesced NOTIFY). */
function poolSizeFor(writers: number): number {
  return writers + 1;
}

async function measureRound(context: BenchContext, target: TargetName, writers: number): Promise<AppendCellResult> {
  const database = await createDatabase(context.serverUrl, `${target}_${writers}`);
  try {
    if (context.config.synchronousCommitOff) {
      const admin = new pg.Client({ connectionString: context.serverUrl });
      await admin.connect();
      await admin.query(`ALTER DATABASE ${database.name} SET synchronous_commit = off`).finally(() => admin.end());
    }
    const input: AppendCellInput = {
      target,
      url: database.url,
      writers,
      poolSize: poolSizeFor(writers),
      streamsPerWriter: STREAMS_PER_WRITER,
      warmupMs: context.config.warmupSeconds * 1000,
      durationMs: context.config.seconds * 1000,
    };
    const timeoutMs = (context.config.warmupSeconds + context.config.seconds) * 1000 + 120_000;
    return await runInChild<AppendCellInput, AppendCellResult>(workerPath, input, { timeoutMs });
  } finally {
    await database.drop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function combine(rounds: AppendCellResult[]): AppendCell {
  const first = rounds[0]!;
  return {
    target: first.target,
    label: targetLabels[first.target],
    writers: first.writers,
    appendsPerSecond: median(rounds.map((r) => r.appendsPerSecond)),
    roundRates: rounds.map((r) => Math.round(r.appendsPerSecond)),
    latency: summarizeLatencies(rounds.flatMap((r) => r.latencies)),
    measuredAppends: rounds.reduce((sum, r) => sum + r.measuredAppends, 0),
    storedMatchesAcked: rounds.every((r) => r.stored === r.totalAppends),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    firstError: rounds.find((r) => r.firstError)?.firstError ?? null,
    childRssPeakMb: Math.max(...rounds.map((r) => r.memory.peak.rssMb)),
    childHeapPeakMb: Math.max(...rounds.map((r) => r.memory.peak.heapUsedMb)),
  };
}

function rate(cells: AppendCell[], target: TargetName, writers: number): number {
  return cells.find((c) => c.target === target && c.writers === writers)?.appendsPerSecond ?? Number.NaN;
}

function targetsFor(cells: AppendCell[], writers: number): TargetCheck[] {
  const ours = rate(cells, 'playtime', writers);
  const emmett = rate(cells, 'emmett', writers);
  const raw = rate(cells, 'raw', writers);
  const check = (value: number, minimum: number) => (Number.isFinite(value) ? value >= minimum : null);
  return [
    {
      name: `appends/s at ${writers} writers: our store vs Emmett`,
      required: '≥ 1.50× Emmett',
      measured: `${fmtRatio(ours / emmett)} (${fmtInt(ours)} vs ${fmtInt(emmett)}/s)`,
      pass: check(ours / emmett, 1.5),
    },
    {
      name: `appends/s at ${writers} writers: our store vs raw INSERT`,
      required: '≥ 50% of raw',
      measured: `${fmtPercent(ours / raw)} (${fmtInt(ours)} vs ${fmtInt(raw)}/s)`,
      pass: check(ours / raw, 0.5),
    },
  ];
}

function tableMarkdown(cells: AppendCell[]): string {
  return markdownTable(
    [
      'writers',
      'store',
      'appends/s (median)',
      'rounds',
      'p50 ms',
      'p99 ms',
      'max ms',
      '× Emmett',
      '% of raw',
      'stored = acked',
      'errors',
      'child RSS / heap peak',
    ],
    cells.map((c) => [
      c.writers,
      c.label,
      fmtInt(c.appendsPerSecond),
      c.roundRates.map(fmtInt).join(' / '),
      fmtMs(c.latency.p50Ms),
      fmtMs(c.latency.p99Ms),
      fmtMs(c.latency.maxMs),
      fmtRatio(c.appendsPerSecond / rate(cells, 'emmett', c.writers)),
      fmtPercent(c.appendsPerSecond / rate(cells, 'raw', c.writers)),
      c.storedMatchesAcked ? 'yes' : 'NO',
      c.errors ? `${c.errors}: ${c.firstError}` : 0,
      `${c.childRssPeakMb} / ${c.childHeapPeakMb} MB`,
    ]),
  );
}

/** Round r runs the stores in an order rotated by r, so no store always follows the same one. */
function rotate<T>(items: T[], by: number): T[] {
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

export const appendsSection: BenchSection = {
  id: 'appends',
  title: 'Appends: one event per call, concurrent writers',
  async run(context): Promise<SectionOutcome> {
    const { writers: writerCounts, rounds, diagnose } = context.config;
    const topWriters = writerCounts.includes(32) ? 32 : Math.max(...writerCounts);
    const byCell = new Map<string, AppendCellResult[]>();
    // Rounds outside, writer counts and stores inside: the machine's drift (a virtual disk's fsync
    // time wanders a lot) hits every store alike, and the median round discards a bad spell.
    for (let round = 0; round < rounds; round += 1) {
      for (const writers of writerCounts) {
        const targets = diagnose && writers === topWriters ? [...TARGETS, ...DIAGNOSTICS] : TARGETS;
        for (const target of rotate(targets, round)) {
          const result = await measureRound(context, target, writers);
          const key = `${writers}:${target}`;
          byCell.set(key, [...(byCell.get(key) ?? []), result]);
          context.log(
            `appends round ${round + 1}/${rounds}, ${writers} writer(s), ${targetLabels[target]}: ${fmtInt(result.appendsPerSecond)}/s, ` +
              `p99 ${fmtMs(summarizeLatencies(result.latencies).p99Ms)} ms${result.errors ? `, ${result.errors} error(s): ${result.firstError}` : ''}`,
          );
        }
      }
    }
    const order = [...TARGETS, ...DIAGNOSTICS];
    const cells = [...byCell.values()]
      .map(combine)
      .sort((a, b) => a.writers - b.writers || order.indexOf(a.target) - order.indexOf(b.target));

    const notes = [
      `Each writer appends one event per call to its own ${STREAMS_PER_WRITER} streams in turn, passing the revision it got back ` +
        '(first append: "no stream"); raw INSERT writes the same JSON payload with no check. ' +
        `${rounds} round(s) of ${context.config.seconds} s (after ${context.config.warmupSeconds} s warm-up) per cell, stores interleaved; ` +
        'the rate is the median round, latencies are over all rounds. Every round runs in its own child process against its own fresh database; ' +
        'pool size = writers + 1, connections opened before the warm-up. "stored = acked" compares the rows stored with the appends acknowledged.' +
        (context.config.synchronousCommitOff
          ? ' **synchronous_commit=off** (BENCH_SYNC_COMMIT=off): the disk is out of the picture.'
          : ''),
    ];
    if (diagnose) {
      notes.push(
        'Diagnostic rows (BENCH_DIAGNOSE=1) change our store from outside, never its code: "NOTIFY skipped" replaces the store\'s ' +
          'post-append `SELECT pg_notify(...)` with nothing; "named prepared statements" makes the pool run every query as a named ' +
          'statement (parsed and planned once per connection).',
      );
    }
    return {
      markdown: [tableMarkdown(cells), ...notes].join('\n\n'),
      data: {
        streamsPerWriter: STREAMS_PER_WRITER,
        poolSize: 'writers + 1',
        rounds,
        synchronousCommitOff: context.config.synchronousCommitOff,
        cells,
      },
      targets: targetsFor(cells, topWriters),
    };
  },
};
