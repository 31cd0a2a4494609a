import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';
import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { REALTIME_EVENTS, type ChangedMessage } from '@playtime/shared/contract/realtime';
import { rooms } from '@playtime/shared/contract/rooms';
import pg from 'pg';
import { subFieldStream } from '@playtime/shared/domain/availability/events';
import {
  compareCheckpoints,
  formatCheckpoint,
  parseCheckpoint,
  type LogCheckpoint,
} from '@playtime/shared/infra/eventstore/checkpoint';
import { summarizeCpuProfile } from '../support/cpu-profile';
import { cores, startCpuMeasure, type CpuShare } from '../support/cpu-share';
import { postmasterPid, startBackendCpuMeasure } from '../support/process-cpu';
import { startServerStatements, type ServerStatementsResult } from '../support/server-statements';
import { fmtInt, fmtMs, fmtPercent, fmtSeconds, markdownTable } from '../support/format';
import { percentile } from '../support/percentiles';
import type { BenchContext, BenchSection, SectionOutcome } from '../support/section';
import { ok, openBenchVenue } from '../support/venue';
import { pushBreakdownTable, timePushesOf, type PushBreakdown } from '../support/push-stages';
import { BACKLOG_WAIT_MS, waitForBacklogDrained } from '../support/backlog';
import { nowMs, paceSteadily } from '../support/timing';
import { watchRoom } from '../games/watched-game';
import {
  fanOutFloorMarkdown,
  measureFanOutFloor,
  pushTargetAgainstFloor,
  type FanOutFloor,
} from '../floors/fan-out-floor';
import { measurePlumbingFloor, type PlumbingFloor } from './plumbing-floor';
import { profileActivities } from './profile-activities';

/**
 * Bookings must reach half of what the plumbing alone (the same calls and statements with no product
 * logic) reaches in the same run. A fixed rate would measure the machine as much as the app: the same
 * code booked 194/s on one day and 54/s on a machine three times slower.
 */
const TARGET_SHARE_OF_FLOOR = 0.5;
const TARGET_PUSH_P99_MS = 100;
const SUB_FIELDS = 100;
/** The steady phase's rate: well below what this machine saturates at, as a live product runs. */
const PACED_BOOKINGS_PER_SECOND = 10;
const CAPTAINS = 32;
/** How long the steady push's fan-out floor runs (10 pushes a second). */
const PUSH_FLOOR_SECONDS = 10;
/**
 * The booking as a field's followers see it: this many anonymous sockets follow the field's public room
 * (its page and availability), as many as follow the hot game in the joins section, while bookings come
 * one at a time at WATCHED_BOOKINGS_PER_SECOND for WATCHED_SECONDS (the joins' and offers' 2/s: each
 * booking changes the room twice, its hold and its slot, and each change goes to all).
 */
const FIELD_WATCHERS = 1000;
const WATCHED_BOOKINGS_PER_SECOND = 2;
const WATCHED_SECONDS = 10;
/** Hold-slot, checkout, the card form and add-game from the captain, and the payment's webhook from the processor. */
const CALLS_PER_BOOKING = 5;
const HOUR = 3_600_000;
const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' };

export interface BookingsData {
  seconds: number;
  bookings: number;
  bookingsPerSecond: number;
  holdsPerSecond: number;
  failures: number;
  stepP50Ms: Record<string, number>;
  stepP99Ms: Record<string, number>;
  pushP50Ms: number;
  pushP99Ms: number;
  pushesMissing: number;
  /** The steady phase at PACED_BOOKINGS_PER_SECOND. */
  paced: {
    bookings: number;
    pushP50Ms: number;
    pushP99Ms: number;
    pushesMissing: number;
    /** Where the steady pushes' time went: add-game's answers, the projector's stages (the bookings projection's), the pushes. */
    breakdown: PushBreakdown;
  };
  /** Where the CPU went while the captains saturated the machine, in cores. */
  cpu: CpuShare;
  /** The bare server's push to one socket at the steady rate (tests/bench/floors), or null when not measured. */
  pushFloor: FanOutFloor | null;
  /** The bookings one at a time while FIELD_WATCHERS sockets follow the field. */
  watched: {
    bookings: number;
    deliveries: number;
    missing: number;
    pushP50Ms: number;
    pushP99Ms: number;
    breakdown: PushBreakdown;
  };
  /** The bare server's push to FIELD_WATCHERS sockets at the watched rate, or null when not measured. */
  watchedFloor: FanOutFloor | null;
  /** PostgreSQL's CPU in the saturated phase by the client its backends serve (application_name), in cores. */
  postgresByClient: Array<{ client: string; cores: number }>;
  /** The app's database statements per booking in the saturated phase (the projector's and job workers' included). */
  statementsPerBooking: number;
  /** PostgreSQL's own time by statement in the saturated phase (pg_stat_statements), or why it was not measured. */
  statementsOnServer: ServerStatementsResult;
  /** How long the work the saturated phase left queued took to finish after it; null when it had not within BACKLOG_WAIT_MS. */
  backlogDrainSeconds: number | null;
  /** The same calls and statements per booking against a server with no product logic; null when nothing was booked to copy. */
  floor: PlumbingFloor | null;
}

/** Where PostgreSQL's time went in the saturated phase, statement by statement, per booking. */
function serverStatementsMarkdown(data: BookingsData): string {
  const result = data.statementsOnServer;
  if ('notMeasured' in result) return `${result.notMeasured}.`;
  const { measured } = result;
  const bookings = Math.max(1, data.bookings);
  // markdownTable escapes the cells' pipes.
  const code = (statement: string) => `\`${statement.slice(0, 120).replaceAll('`', "'")}\``;
  return [
    `PostgreSQL's own time by statement in the saturated phase (pg_stat_statements; a function such as a job queue's counts as ` +
      `its call; waits for locks included): ${fmtInt(measured.calls)} statements, ${fmtMs(measured.totalMs / bookings)} ms per booking.`,
    '',
    markdownTable(
      ['statement', 'calls per booking', 'ms per booking', 'share'],
      measured.top.map((entry) => [
        code(entry.statement),
        (entry.calls / bookings).toFixed(1),
        fmtMs(entry.totalMs / bookings),
        fmtPercent(entry.totalMs / measured.totalMs),
      ]),
    ),
  ].join('\n');
}

/** The bookings rate as a share of the floor's: how much of what the machine allows the product logic leaves. */
const shareOfFloor = (data: Pick<BookingsData, 'bookingsPerSecond'>, floor: PlumbingFloor): number =>
  floor.bookingsPerSecond > 0 ? data.bookingsPerSecond / floor.bookingsPerSecond : 0;

interface Booking {
  /** When add-game (the booking itself) was sent. */
  startedAt: number;
  subFieldId: string;
  holdId: string;
  /** add-game's request id (X-Correlation-Id): the events it appended carry it. */
  correlationId: string | null;
  /**
   * Where the log holds the slot add-game booked (its SlotBooked), looked up once the phase is over
   * (findBookedSlots). Null when add-game booked nothing: the payment's webhook booked the slot first,
   * and its push went out before.
   */
  checkpoint: LogCheckpoint | null;
  pushedAt: number | null;
  /** How long add-game took to answer. */
  answerMs: number;
}

/**
 * Sets each booking's checkpoint: where its slot was booked, when its own add-game call booked it. Read
 * after a phase, in one statement reading each sub-field's stream (indexed), so the lookups take
 * nothing from the phase.
 */
async function findBookedSlots(pool: pg.Pool, of: Booking[]): Promise<void> {
  const sought = of.filter((booking) => booking.correlationId && !booking.checkpoint);
  if (sought.length === 0) return;
  const { rows } = await pool.query<{ ord: string; commit: string; position: string }>(
    `SELECT sought.ord::text AS ord, e.transaction_id::text AS commit, e.global_position::text AS position
       FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS sought(stream_id, hold_id, correlation_id, ord)
       JOIN es_events e ON e.stream_id = sought.stream_id AND e.type = 'SlotBooked'
        AND e.data->>'holdId' = sought.hold_id AND e.metadata->>'correlationId' = sought.correlation_id`,
    [
      sought.map((booking) => subFieldStream(booking.subFieldId)),
      sought.map((booking) => booking.holdId),
      sought.map((booking) => booking.correlationId),
    ],
  );
  for (const row of rows)
    sought[Number(row.ord) - 1]!.checkpoint = { commit: Number(row.commit), position: Number(row.position) };
}

/** CPU milliseconds per booking of a share of cores over the saturated phase. */
const perBooking = (data: BookingsData, coresUsed: number) =>
  (coresUsed * data.seconds * 1000) / Math.max(1, data.bookings);

function markdown(data: BookingsData): string {
  const steps = Object.keys(data.stepP50Ms);
  return [
    markdownTable(
      [
        'captains',
        'sub-fields',
        'seconds',
        'bookings',
        'bookings/s',
        'holds/s',
        'failed',
        'push p50',
        'push p99',
        'pushes missing',
      ],
      [
        [
          CAPTAINS,
          SUB_FIELDS,
          fmtSeconds(data.seconds * 1000),
          fmtInt(data.bookings),
          fmtInt(data.bookingsPerSecond),
          fmtInt(data.holdsPerSecond),
          fmtInt(data.failures),
          fmtMs(data.pushP50Ms),
          fmtMs(data.pushP99Ms),
          fmtInt(data.pushesMissing),
        ],
      ],
    ),
    markdownTable(
      ['steady phase', 'bookings', 'push p50', 'push p99', 'pushes missing', 'after the backlog drained in'],
      [
        [
          `${PACED_BOOKINGS_PER_SECOND} bookings/s`,
          fmtInt(data.paced.bookings),
          fmtMs(data.paced.pushP50Ms),
          fmtMs(data.paced.pushP99Ms),
          fmtInt(data.paced.pushesMissing),
          data.backlogDrainSeconds === null
            ? `not within ${BACKLOG_WAIT_MS / 1000} s`
            : `${data.backlogDrainSeconds.toFixed(1)} s`,
        ],
      ],
    ),
    `Where a steady booking's push goes (add-game's answer; the projector's stages count every push of the bookings read model in the phase, the holds' too):`,
    pushBreakdownTable(data.paced.breakdown),
    data.pushFloor ? fanOutFloorMarkdown(data.pushFloor, PACED_BOOKINGS_PER_SECOND, PUSH_FLOOR_SECONDS) : '',
    markdownTable(
      ['sockets following the field', 'bookings', 'pushes delivered', 'missing', 'push p50', 'push p99'],
      [
        [
          fmtInt(FIELD_WATCHERS),
          fmtInt(data.watched.bookings),
          fmtInt(data.watched.deliveries),
          fmtInt(data.watched.missing),
          fmtMs(data.watched.pushP50Ms),
          fmtMs(data.watched.pushP99Ms),
        ],
      ],
    ),
    `Where the push of a booking goes while ${fmtInt(FIELD_WATCHERS)} sockets follow the field (one booking at a time, ${WATCHED_BOOKINGS_PER_SECOND}/s):`,
    pushBreakdownTable(data.watched.breakdown),
    data.watchedFloor ? fanOutFloorMarkdown(data.watchedFloor, WATCHED_BOOKINGS_PER_SECOND, WATCHED_SECONDS) : '',
    markdownTable(
      ['saturated phase', 'app', 'PostgreSQL', 'bench', 'machine', 'stolen', 'statements'],
      [
        [
          'CPU, cores',
          cores(data.cpu.app),
          cores(data.cpu.postgres),
          cores(data.cpu.bench),
          cores(data.cpu.machine),
          cores(data.cpu.stolen),
          '–',
        ],
        [
          'per booking',
          `${fmtMs(perBooking(data, data.cpu.app))} ms`,
          `${fmtMs(perBooking(data, data.cpu.postgres))} ms`,
          `${fmtMs(perBooking(data, data.cpu.bench))} ms`,
          `${fmtMs(perBooking(data, data.cpu.machine))} ms`,
          '–',
          data.statementsPerBooking.toFixed(1),
        ],
      ],
    ),
    data.floor
      ? markdownTable(
          [
            'plumbing floor',
            'calls per booking',
            'statements per booking',
            'bookings/s',
            'machine, cores',
            'machine per booking',
          ],
          [
            [
              'the same work without product logic',
              fmtInt(data.floor.callsPerBooking),
              fmtInt(data.floor.statementsPerBooking),
              fmtInt(data.floor.bookingsPerSecond),
              cores(data.floor.cpu.machine),
              `${fmtMs(data.floor.machineMsPerBooking)} ms`,
            ],
          ],
        )
      : 'No plumbing floor: the saturated phase booked nothing whose shape it could copy.',
    markdownTable(
      ['PostgreSQL by client (saturated)', 'cores', 'ms per booking'],
      data.postgresByClient
        .slice(0, 8)
        .map((entry) => [entry.client, cores(entry.cores), fmtMs(perBooking(data, entry.cores))]),
    ),
    serverStatementsMarkdown(data),
    markdownTable(
      ['step (saturated)', 'p50 ms', 'p99 ms'],
      steps.map((step) => [step, fmtMs(data.stepP50Ms[step]!), fmtMs(data.stepP99Ms[step]!)]),
    ),
    `The standalone app in a child process. ${CAPTAINS} captains book one-hour slots on ${SUB_FIELDS} sub-fields of one owner, each on ` +
      'sub-fields of its own, as fast as they can: hold-slot, checkout, the simulated card form (4242…), add-game — four calls per booking, ' +
      "the server pricing, verifying the payment, booking on the sub-field's stream and making the game. The push is timed from the " +
      "add-game call (the booking) to the owner's socket hearing the bookings read model (the timeline's) reach the slot add-game booked. CPU per booking is the phase's " +
      'CPU over its bookings: the webhooks, hold expiries and read models still catching up when it ends are not in it. ' +
      "The floor replays the saturated phase's shape (the same captains; the four calls and the webhook's; as many statements per booking, each a one-row " +
      'insert committed on its own) against a bare server built as the app is (express, its JSON parser, pg on the same socket) with ' +
      'no product logic: no app can book faster on this machine, and the target is half of its rate. ' +
      "PostgreSQL by client splits the server's CPU by the application name of each backend's pool (the app's own, the event store's, each job queue's, each " +
      "projection's). While the captains saturate " +
      'the machine, a push waits behind the queue of work, so its latency is measured again in a steady phase at ' +
      `${PACED_BOOKINGS_PER_SECOND} bookings/s, once the work the saturated phase left queued (webhooks, follow-up jobs, read models ` +
      'catching up) is done, as the System tab shows it. ' +
      `Last, one booking at a time at ${WATCHED_BOOKINGS_PER_SECOND}/s while ${fmtInt(FIELD_WATCHERS)} anonymous sockets on a thread of their own ` +
      "follow the field's public room (the organize wizard's time slots, the owner's timeline): each push is timed from add-game being sent " +
      'to each socket hearing the bookings read model reach the slot add-game booked (the bench looks up its place in the log once the ' +
      `phase is over), against the bare server's push to ${fmtInt(FIELD_WATCHERS)} sockets at the same rate. ` +
      "A game's change reaches the field's room only when its check-in count may change, so a new game is not pushed there.",
  ].join('\n\n');
}

export const bookingsSection: BenchSection = {
  id: 'bookings',
  title: 'Holds and bookings',
  async run(context: BenchContext): Promise<SectionOutcome> {
    const seconds = context.config.e2eSeconds;
    const venue = await openBenchVenue(context, 'bookings', {
      users: CAPTAINS,
      captains: CAPTAINS,
      subFields: SUB_FIELDS,
    });
    // Where each booking's slot is in the log (findBookedSlots).
    const pool = new pg.Pool({ connectionString: venue.databaseUrl, max: 8 });
    let measured: Omit<BookingsData, 'floor' | 'pushFloor' | 'watchedFloor'>;
    try {
      const { app, api, owner, ownerId, admin, users: captains, subFieldIds, fieldId, firstDay } = venue;
      context.log(`bookings: ${SUB_FIELDS} sub-fields available, ${CAPTAINS} captains; booking for ${seconds} s…`);

      // The owner's open timeline: every push of the bookings read model on their room, with its position.
      const bookings: Booking[] = [];
      const paced: Booking[] = [];
      const ownerPushes: { at: number; reached: LogCheckpoint }[] = [];

      const socket = io(app.url, { transports: ['websocket'], auth: { token: owner } });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect_error', reject);
        socket.emit(REALTIME_EVENTS.join, rooms.owner(ownerId), (answer: { ok: boolean; error?: string }) =>
          answer.ok ? resolve() : reject(new Error(answer.error)),
        );
      });
      socket.on(REALTIME_EVENTS.changed, (message: ChangedMessage) => {
        if (message.projection !== PROJECTIONS.bookings) return;
        const reached = parseCheckpoint(message.checkpoint);
        if (reached) ownerPushes.push({ at: nowMs(), reached });
      });
      /** When the owner's socket first heard the bookings read model reach the booking's slot, if it did. */
      const ownerHeard = (booking: Booking): number | null => {
        // One read model's pushes reach ever further: the first that reaches the slot is found by halving.
        let low = 0;
        let high = ownerPushes.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (compareCheckpoints(ownerPushes[middle]!.reached, booking.checkpoint) < 0) low = middle + 1;
          else high = middle;
        }
        return ownerPushes[low]?.at ?? null;
      };

      const steps: Record<string, number[]> = { 'hold-slot': [], checkout: [], 'card confirm': [], 'add-game': [] };
      const timed = async <T>(step: string, run: () => Promise<T>) => {
        const started = nowMs();
        const result = await run();
        steps[step]!.push(nowMs() - started);
        return result;
      };
      let holds = 0;
      let failures = 0;
      // BENCH_BOOKINGS_PROFILE=1: where the app's main thread spends the booking load, for finding what to make cheaper.
      const stopProfile = process.env.BENCH_BOOKINGS_PROFILE === '1' ? await app.profile() : null;
      await app.stats(); // starts the app's CPU and statement counts afresh
      const cpu = startCpuMeasure(await postmasterPid(context.serverUrl));
      const postgresClients = await startBackendCpuMeasure(context.serverUrl);
      const serverStatements = await startServerStatements(venue.databaseUrl);
      // Each captain books its own sub-fields hour after hour; rounds go on across both phases.
      const rounds = captains.map(() => 0);
      /** One booking by captain `index` on its next slot; false when a call of it failed. */
      const bookOnce = async (index: number, into: Booking[]): Promise<boolean> => {
        const captain = captains[index]!;
        const mine = subFieldIds.filter((_, subIndex) => subIndex % CAPTAINS === index);
        const round = rounds[index]!++;
        const subFieldId = mine[round % mine.length]!;
        const start = firstDay + Math.floor(round / mine.length) * HOUR;
        try {
          const held = await timed('hold-slot', () =>
            api.request('POST', '/api/hold-slot', captain.token, {
              subFieldId,
              startDate: new Date(start).toISOString(),
              endDate: new Date(start + HOUR).toISOString(),
            }),
          );
          ok(held, 'hold-slot');
          holds++;
          const { holdId, rentalCents } = JSON.parse(held.body) as { holdId: string; rentalCents: number };
          const secret = await timed('checkout', () =>
            api.request('POST', '/api/checkout', captain.token, {
              price: rentalCents,
              email: captain.email,
              name: captain.username,
              receiver: 'owner',
              purpose: { kind: 'rental', holdId, subFieldId },
            }),
          );
          ok(secret, 'checkout');
          const paid = await timed('card confirm', () =>
            api.request('POST', '/api/payments/simulated/confirm', captain.token, {
              clientSecret: secret.body,
              ...CARD,
            }),
          );
          ok(paid, 'confirm');
          const { paymentId } = JSON.parse(paid.body) as { paymentId: string };
          const bookedAt = nowMs();
          const added = await timed('add-game', () =>
            api.request('POST', '/api/add-game', captain.token, { subFieldId, holdId, paymentId }),
          );
          ok(added, 'add-game');
          into.push({
            startedAt: bookedAt,
            subFieldId,
            holdId,
            // An answer without a position appended nothing.
            correlationId: added.position ? added.correlationId : null,
            checkpoint: null,
            pushedAt: null,
            answerMs: nowMs() - bookedAt,
          });
          return true;
        } catch (error) {
          failures++;
          if (failures <= 3) context.log(`  booking failed: ${(error as Error).message}`);
          return false;
        }
      };
      /**
       * Books as fast as the captains can until the deadline, or, with `everyMs`, each captain once
       * every `everyMs` (a steady rate far below saturation, where a push's latency is not queueing).
       */
      const bookUntil = (deadline: number, into: Booking[], everyMs?: number) =>
        Promise.all(
          captains.map(async (_, index) => {
            if (everyMs) await new Promise((resolve) => setTimeout(resolve, (everyMs * index) / CAPTAINS));
            while (nowMs() < deadline) {
              const began = nowMs();
              await bookOnce(index, into);
              if (everyMs) await new Promise((resolve) => setTimeout(resolve, Math.max(0, began + everyMs - nowMs())));
            }
          }),
        );
      const loadStarted = nowMs();
      await bookUntil(loadStarted + seconds * 1000, bookings);
      const loadSeconds = (nowMs() - loadStarted) / 1000;
      const loadStats = await app.stats();
      const cpuShare = cpu.stop(loadStats.cpuMs);
      const postgresByClient = await postgresClients.stop();
      const statementsOnServer = await serverStatements.stop();
      if (stopProfile) {
        const profileDir = path.join(import.meta.dirname, '../../../.data/bench-profiles');
        mkdirSync(profileDir, { recursive: true });
        const file = path.join(profileDir, `bookings-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
        await stopProfile(file);
        const summary = summarizeCpuProfile(file, {}, 25);
        context.log(
          `  CPU profile ${file}; self time by place:\n${summary.places.map((place) => `    ${place.name} ${fmtInt(place.selfMs)} ms`).join('\n')}`,
        );
        context.log(
          `  ${fmtInt(loadStats.statementsTotal.count)} statements; by total time:\n${loadStats.statements.map((statement) => `    ${fmtInt(statement.count)}× ${fmtInt(statement.totalMs)} ms ${statement.statement.slice(0, 140).replace(/\s+/g, ' ')}`).join('\n')}`,
        );
        context.log(
          `  by function:\n${summary.functions.map((entry) => `    ${entry.name} ${fmtInt(entry.selfMs)} ms`).join('\n')}`,
        );
        context.log(
          `  by activity (the main thread's sampled time, per booking):\n${profileActivities(file)
            .map(
              (entry) =>
                `    ${entry.activity} ${fmtInt(entry.ms)} ms, ${(entry.share * 100).toFixed(1)}%, ${fmtMs(entry.ms / Math.max(1, bookings.length))} ms per booking`,
            )
            .join('\n')}`,
        );
      }
      // Pushes still on their way get a moment to arrive before the missing ones are counted.
      const settle = async (of: Booking[]) => {
        await findBookedSlots(pool, of);
        const graceEnd = nowMs() + 2000;
        while (nowMs() < graceEnd && of.some((booking) => booking.checkpoint && ownerHeard(booking) === null))
          await new Promise((resolve) => setTimeout(resolve, 20));
        for (const booking of of) if (booking.checkpoint) booking.pushedAt = ownerHeard(booking);
      };
      await settle(bookings);
      // Then a steady PACED_BOOKINGS_PER_SECOND, once the backlog of the saturating phase has drained:
      // the webhooks and follow-ups still queued, the read models still catching up.
      const drainStarted = nowMs();
      const drained = await waitForBacklogDrained(
        () => api.request('GET', '/api/admin/system', admin, undefined),
        context.log,
      );
      const drainSeconds = (nowMs() - drainStarted) / 1000;
      context.log(
        `  the saturated phase's backlog ${drained ? 'drained' : 'had not drained'} in ${drainSeconds.toFixed(1)} s`,
      );

      const pacedTiming = await timePushesOf(app.url, PROJECTIONS.bookings);
      await bookUntil(nowMs() + seconds * 1000, paced, (CAPTAINS * 1000) / PACED_BOOKINGS_PER_SECOND);
      await settle(paced);
      socket.close();

      // Then one booking at a time, so that add-games never overlap and the log's order is the order
      // they were sent in, while FIELD_WATCHERS anonymous sockets follow the field's room.
      context.log(
        `bookings: ${fmtInt(FIELD_WATCHERS)} sockets follow the field; ${WATCHED_BOOKINGS_PER_SECOND} bookings/s…`,
      );
      const watchers = await watchRoom(app.url, rooms.field(fieldId), FIELD_WATCHERS, PROJECTIONS.bookings);
      const watchedBookings: Booking[] = [];
      let watched: BookingsData['watched'];
      try {
        // One unmeasured booking, heard by every socket, as the fan-out floor's first push: it warms each socket's path.
        const warmUp: Booking[] = [];
        if (await bookOnce(0, warmUp)) {
          await findBookedSlots(pool, warmUp);
          for (const booking of warmUp)
            if (booking.checkpoint) watchers.sent(booking.startedAt, formatCheckpoint(booking.checkpoint));
          await watchers.heardAll(nowMs() + 10_000);
        }
        watchers.reset();
        const watchedTiming = await timePushesOf(app.url, PROJECTIONS.bookings);
        await paceSteadily({ perSecond: WATCHED_BOOKINGS_PER_SECOND, seconds: WATCHED_SECONDS }, async (index) => {
          await bookOnce(index % CAPTAINS, watchedBookings);
        });
        // The sockets keep what they heard: each booking is matched to it once its slot's place is known.
        await findBookedSlots(pool, watchedBookings);
        for (const booking of watchedBookings)
          if (booking.checkpoint) watchers.sent(booking.startedAt, formatCheckpoint(booking.checkpoint));
        await watchers.heardAll(nowMs() + 2000);
        const latencies = watchers.latencies();
        watched = {
          bookings: watchers.commands,
          deliveries: latencies.length,
          missing: watchers.missing(),
          pushP50Ms: percentile(latencies, 50),
          pushP99Ms: percentile(latencies, 99),
          breakdown: await watchedTiming.finish(
            watchedBookings.filter((booking) => booking.checkpoint).map((booking) => booking.answerMs),
            latencies,
          ),
        };
      } finally {
        const { disconnects } = await watchers.close();
        if (disconnects > 0) context.log(`  ${disconnects} of the field's sockets disconnected`);
      }

      const pushLatencies = (of: Booking[]) =>
        of
          .filter((booking) => booking.checkpoint && booking.pushedAt !== null)
          .map((booking) => booking.pushedAt! - booking.startedAt)
          .sort((a, b) => a - b);
      const measurable = (of: Booking[]) => of.filter((booking) => booking.checkpoint);
      const pushes = pushLatencies(bookings);
      const pacedPushes = pushLatencies(paced);
      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      measured = {
        seconds: loadSeconds,
        bookings: bookings.length,
        bookingsPerSecond: bookings.length / loadSeconds,
        holdsPerSecond: holds / loadSeconds,
        failures,
        stepP50Ms: Object.fromEntries(
          Object.entries(steps).map(([step, values]) => [step, percentile(sorted(values), 50)]),
        ),
        stepP99Ms: Object.fromEntries(
          Object.entries(steps).map(([step, values]) => [step, percentile(sorted(values), 99)]),
        ),
        pushP50Ms: percentile(pushes, 50),
        pushP99Ms: percentile(pushes, 99),
        pushesMissing: measurable(bookings).length - pushes.length,
        paced: {
          bookings: paced.length,
          pushP50Ms: percentile(pacedPushes, 50),
          pushP99Ms: percentile(pacedPushes, 99),
          pushesMissing: measurable(paced).length - pacedPushes.length,
          breakdown: await pacedTiming.finish(
            measurable(paced).map((booking) => booking.answerMs),
            pacedPushes,
          ),
        },
        cpu: cpuShare,
        postgresByClient,
        statementsOnServer,
        statementsPerBooking: loadStats.statementsTotal.count / Math.max(1, bookings.length),
        backlogDrainSeconds: drained ? drainSeconds : null,
        watched,
      };
    } finally {
      await pool.end();
      await venue.close();
    }
    // Once the app is gone, so that the floor has the machine to itself as the app had.
    let floor: PlumbingFloor | null = null;
    if (measured.bookings > 0) {
      context.log(`bookings: the same calls and statements against a server with no product logic, for ${seconds} s…`);
      floor = await measurePlumbingFloor(context, {
        captains: CAPTAINS,
        callsPerBooking: CALLS_PER_BOOKING,
        statementsPerBooking: Math.round(measured.statementsPerBooking),
        seconds,
      });
    }
    // The steady push's floor: the bare server's push to as many sockets as watch here (the owner's
    // one), at the same steady rate, timed the same way (from the command being sent).
    let pushFloor: FanOutFloor | null = null;
    if (measured.paced.bookings > 0) {
      context.log(`bookings: the fan-out floor to the owner's one socket at ${PACED_BOOKINGS_PER_SECOND}/s…`);
      pushFloor = await measureFanOutFloor(context, {
        watchers: 1,
        perSecond: PACED_BOOKINGS_PER_SECOND,
        seconds: PUSH_FLOOR_SECONDS,
      });
    }
    let watchedFloor: FanOutFloor | null = null;
    if (measured.watched.bookings > 0) {
      context.log(
        `bookings: the fan-out floor to ${fmtInt(FIELD_WATCHERS)} sockets at ${WATCHED_BOOKINGS_PER_SECOND}/s…`,
      );
      watchedFloor = await measureFanOutFloor(context, {
        watchers: FIELD_WATCHERS,
        perSecond: WATCHED_BOOKINGS_PER_SECOND,
        seconds: WATCHED_SECONDS,
      });
    }
    const data: BookingsData = { ...measured, floor, pushFloor, watchedFloor };
    context.log(
      `  ${fmtInt(data.bookingsPerSecond)} bookings/s, push p99 ${fmtMs(data.pushP99Ms)} ms, ${data.failures} failed; the floor ${floor ? `${fmtInt(floor.bookingsPerSecond)}/s (${fmtInt(shareOfFloor(data, floor) * 100)}% of it)` : 'not measured'}`,
    );
    return {
      markdown: markdown(data),
      data,
      targets: [
        {
          name: `bookings over ${SUB_FIELDS} sub-fields, ${CAPTAINS} captains`,
          required: `≥ ${fmtInt(TARGET_SHARE_OF_FLOOR * 100)}% of the plumbing floor in the same run`,
          measured: floor
            ? `${fmtInt(shareOfFloor(data, floor) * 100)}%: ${fmtInt(data.bookingsPerSecond)}/s against the plumbing alone ${fmtInt(floor.bookingsPerSecond)}/s (${fmtInt(data.holdsPerSecond)} holds/s)`
            : `${fmtInt(data.bookingsPerSecond)}/s, no floor measured`,
          pass: data.failures === 0 && floor !== null && shareOfFloor(data, floor) >= TARGET_SHARE_OF_FLOOR,
        },
        pushFloor
          ? pushTargetAgainstFloor(
              `booking to the owner's socket push, p99, at a steady ${PACED_BOOKINGS_PER_SECOND} bookings/s`,
              { commands: data.paced.bookings, missing: data.paced.pushesMissing, p99Ms: data.paced.pushP99Ms },
              pushFloor,
              TARGET_PUSH_P99_MS,
            )
          : {
              name: `booking to the owner's socket push, p99, at a steady ${PACED_BOOKINGS_PER_SECOND} bookings/s`,
              required: `< ${TARGET_PUSH_P99_MS} ms and within the fan-out floor's bound`,
              measured: 'no steady booking was measured',
              pass: false,
            },
        data.watchedFloor
          ? pushTargetAgainstFloor(
              `booking to its push on ${fmtInt(FIELD_WATCHERS)} sockets following the field, p99, ${WATCHED_BOOKINGS_PER_SECOND} bookings/s`,
              { commands: data.watched.bookings, missing: data.watched.missing, p99Ms: data.watched.pushP99Ms },
              data.watchedFloor,
              TARGET_PUSH_P99_MS,
            )
          : {
              name: `booking to its push on ${fmtInt(FIELD_WATCHERS)} sockets following the field, p99`,
              required: `< ${TARGET_PUSH_P99_MS} ms and within the fan-out floor's bound`,
              measured: 'no watched booking was measured',
              pass: false,
            },
      ],
    };
  },
};
