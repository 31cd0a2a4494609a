import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { PUSH_STAGES_METRIC } from '@playtime/shared/infra/metrics/metrics';
import { fmtInt, fmtMs, markdownTable } from './format';
import { percentile } from './percentiles';

/** The projector's stages of a push, in the order a push goes through them (projection-runner.ts PushStages). */
const STAGES = ['heard', 'applied', 'announced'] as const;
type Stage = (typeof STAGES)[number];

const STAGE_WORDS: Record<Stage, string> = {
  heard: 'event written → projector read its batch',
  applied: 'batch read → read-model writes committed',
  announced:
    "committed → handed to every socket of the room (socket.io encodes, queues 1,000 writes; the runner's next batch goes on meanwhile)",
};

/** One stage's histogram as /metrics showed it at one moment: cumulative counts per bucket's upper bound. */
interface StageHistogram {
  count: number;
  sumMs: number;
  buckets: Array<{ le: number; count: number }>;
}

export type PushStageReading = Record<Stage, StageHistogram>;

/** What the app's /metrics says of one projection's push stages now (it serves this machine without a token). */
async function readPushStages(appUrl: string, projection: string): Promise<PushStageReading> {
  const text = await (await fetch(`${appUrl}/metrics`)).text();
  const reading = Object.fromEntries(
    STAGES.map((stage) => [stage, { count: 0, sumMs: 0, buckets: [] } as StageHistogram]),
  ) as PushStageReading;
  const line = new RegExp(`^${PUSH_STAGES_METRIC}_(bucket|sum|count)\\{([^}]*)\\} (\\S+)$`);
  for (const row of text.split('\n')) {
    const match = line.exec(row);
    if (!match) continue;
    const labels = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((label) => [label[1], label[2]]));
    const stage = labels.stage as Stage;
    if (labels.projection !== projection || !STAGES.includes(stage)) continue;
    const value = Number(match[3]);
    if (match[1] === 'count') reading[stage].count = value;
    else if (match[1] === 'sum') reading[stage].sumMs = value;
    else reading[stage].buckets.push({ le: labels.le === '+Inf' ? Infinity : Number(labels.le), count: value });
  }
  return reading;
}

export interface PushStageSummary {
  stage: Stage;
  pushes: number;
  meanMs: number;
  /** The upper bound of the bucket holding the 99th percentile: the stage took at most this for 99% of pushes. */
  p99AtMostMs: number;
}

/** The stages of the pushes made between two readings. */
function pushStagesBetween(before: PushStageReading, after: PushStageReading): PushStageSummary[] {
  return STAGES.map((stage) => {
    const pushes = after[stage].count - before[stage].count;
    const earlier = new Map(before[stage].buckets.map((bucket) => [bucket.le, bucket.count]));
    const inPhase = after[stage].buckets.map((bucket) => ({
      le: bucket.le,
      count: bucket.count - (earlier.get(bucket.le) ?? 0),
    }));
    const p99 = inPhase.find((bucket) => bucket.count >= pushes * 0.99);
    return {
      stage,
      pushes,
      meanMs: pushes > 0 ? (after[stage].sumMs - before[stage].sumMs) / pushes : 0,
      p99AtMostMs: pushes > 0 && p99 ? p99.le : 0,
    };
  });
}

/** Where a push's time went in one phase: the bench's own timings and the projector's stages. */
export interface PushBreakdown {
  answers: number;
  answerMeanMs: number;
  answerP99Ms: number;
  pushes: number;
  pushMeanMs: number;
  pushP99Ms: number;
  stages: PushStageSummary[];
}

const mean = (values: readonly number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;

/** The phase's breakdown from each command's answer time and each socket's push latency (both in ms). */
function pushBreakdown(answersMs: number[], pushesMs: number[], stages: PushStageSummary[]): PushBreakdown {
  const answers = [...answersMs].sort((a, b) => a - b);
  const pushes = [...pushesMs].sort((a, b) => a - b);
  return {
    answers: answers.length,
    answerMeanMs: mean(answers),
    answerP99Ms: percentile(answers, 99),
    pushes: pushes.length,
    pushMeanMs: mean(pushes),
    pushP99Ms: percentile(pushes, 99),
    stages,
  };
}

/**
 * Where a push's time went: the command's answer and the push as the bench timed them, and the
 * projector's stages between, from the app's own histogram over the same phase. The stages overlap the
 * answer (an event is written before its command is answered); what the push took beyond the answer
 * and the stages is the way from the room to the bench's sockets and the waits between.
 */
export function pushBreakdownTable(breakdown: PushBreakdown): string {
  return markdownTable(
    ['stage', 'timed by', 'count', 'mean ms', 'p99 ms'],
    [
      [
        'command sent → answered (append and commit included)',
        'bench',
        fmtInt(breakdown.answers),
        fmtMs(breakdown.answerMeanMs),
        fmtMs(breakdown.answerP99Ms),
      ],
      ...breakdown.stages.map((stage) => [
        STAGE_WORDS[stage.stage],
        'app',
        fmtInt(stage.pushes),
        fmtMs(stage.meanMs),
        stage.pushes ? `≤ ${stage.p99AtMostMs === Infinity ? '∞' : fmtInt(stage.p99AtMostMs)}` : '–',
      ]),
      [
        'command sent → a socket heard it (the push)',
        'bench',
        fmtInt(breakdown.pushes),
        fmtMs(breakdown.pushMeanMs),
        fmtMs(breakdown.pushP99Ms),
      ],
    ],
  );
}

/**
 * Starts timing a phase's pushes of one read model (`projection`): `finish`, once every socket heard the
 * phase's commands, reads the projector's stages again and sums the phase up.
 */
export async function timePushesOf(
  appUrl: string,
  projection: string,
): Promise<{ finish(answersMs: number[], pushesMs: number[]): Promise<PushBreakdown> }> {
  const before = await readPushStages(appUrl, projection);
  return {
    async finish(answersMs, pushesMs) {
      const stages = pushStagesBetween(before, await readPushStages(appUrl, projection));
      return pushBreakdown(answersMs, pushesMs, stages);
    },
  };
}

/** timePushesOf the games read model, which makes the pushes on game rooms. */
export const timeGamePushes = (appUrl: string) => timePushesOf(appUrl, PROJECTIONS.games);
