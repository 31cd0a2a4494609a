import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { MAX_PLAYERS, MAX_SIDELINE_SIZE } from '@playtime/shared/domain/games/rules';
import type { BenchUser } from '../e2e/accounts';
import { fmtInt, fmtMs, markdownTable } from '../support/format';
import { percentile } from '../support/percentiles';
import type { BenchContext, BenchSection, SectionOutcome } from '../support/section';
import { ok, openBenchVenue } from '../support/venue';
import { waitForBacklogDrained } from '../support/backlog';
import { nowMs, paceSteadily } from '../support/timing';
import { watchGame, type WatchedPushes } from './watched-game';
import { pushBreakdownTable, timeGamePushes, type PushBreakdown } from '../support/push-stages';
import {
  fanOutFloorMarkdown,
  measureFanOutFloor,
  pushTargetAgainstFloor,
  type FanOutFloor,
} from '../floors/fan-out-floor';

const PLAYERS = 64;
/**
 * The hot game's players: as many as its sideline takes at once (team players plus sideline never
 * exceed max_players + sidelineSize), so each join puts its player in and each leave takes them out,
 * and every command is a change the watching sockets hear.
 */
const HOT_PLAYERS = MAX_PLAYERS + MAX_SIDELINE_SIZE;
const GAMES = 1_000;
const SUB_FIELDS = 100;
const CAPTAINS = 10;
const WATCHERS = 1_000;
/**
 * The steady rate of joins and leaves on the watched game. A game holds at most 30 on its pitch and
 * fills over minutes; two changes a second is a very busy one. Each change is one message to each of
 * the 1,000 sockets, so this is 2,000 socket writes a second.
 */
const WATCHED_COMMANDS_PER_SECOND = 2;
const TARGET_PUSH_P99_MS = 100;
const HOUR = 3_600_000;

export interface JoinsData {
  hotGame: {
    commands: number;
    joins: number;
    joinsPerSecond: number;
    commandsPerSecond: number;
    failures: number;
    p99Ms: number;
  };
  spread: { games: number; joins: number; joinsPerSecond: number; failures: number; p99Ms: number };
  watched: WatchedPushes & {
    disconnects: number;
    /** Where the pushes' time went: answers, the projector's stages (the games projection's), pushes. */
    breakdown: PushBreakdown;
  };
  /** The bare server's fan-out to as many sockets at the same rate, measured right after. */
  floor: FanOutFloor;
}

/** Runs `work` for each player until the deadline; the latency of every call and the calls that failed. */
async function loadUntil(
  deadline: number,
  players: BenchUser[],
  work: (player: BenchUser, round: number) => Promise<boolean>,
) {
  const latencies: number[] = [];
  let failures = 0;
  await Promise.all(
    players.map(async (player) => {
      for (let round = 0; nowMs() < deadline; round++) {
        const started = nowMs();
        if (await work(player, round)) latencies.push(nowMs() - started);
        else failures++;
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

function markdown(data: JoinsData, seconds: number): string {
  return [
    markdownTable(
      ['load', 'players', 'seconds', 'joins', 'joins/s', 'commands/s', 'p99 ms', 'failed'],
      [
        [
          'one hot game: join, leave, join…',
          HOT_PLAYERS,
          seconds,
          fmtInt(data.hotGame.joins),
          fmtInt(data.hotGame.joinsPerSecond),
          fmtInt(data.hotGame.commandsPerSecond),
          fmtMs(data.hotGame.p99Ms),
          fmtInt(data.hotGame.failures),
        ],
        [
          `${fmtInt(data.spread.games)} games: each join a new game`,
          PLAYERS,
          seconds,
          fmtInt(data.spread.joins),
          fmtInt(data.spread.joinsPerSecond),
          fmtInt(data.spread.joinsPerSecond),
          fmtMs(data.spread.p99Ms),
          fmtInt(data.spread.failures),
        ],
      ],
    ),
    markdownTable(
      [
        'sockets watching one game',
        'joins and leaves',
        'pushes delivered',
        'missing',
        'push p50',
        'push p99',
        'disconnects',
      ],
      [
        [
          fmtInt(data.watched.watchers),
          fmtInt(data.watched.commands),
          fmtInt(data.watched.deliveries),
          fmtInt(data.watched.missing),
          fmtMs(data.watched.pushP50Ms),
          fmtMs(data.watched.pushP99Ms),
          fmtInt(data.watched.disconnects),
        ],
      ],
    ),
    `Where the push's time goes, while ${fmtInt(WATCHERS)} sockets follow the hot game:`,
    pushBreakdownTable(data.watched.breakdown),
    `The standalone app in a child process with ${fmtInt(GAMES)} free games on ${SUB_FIELDS} sub-fields. Joins are POST /api/join-game ` +
      "(onto the sideline) and leaves POST /api/leave-game, each a decision on the game's own stream. On the hot game every player " +
      `joins and leaves the same game as fast as it can (commands collide on one stream and are decided again; ${HOT_PLAYERS} players, ` +
      'as many as its sideline takes); across the games ' +
      `each join goes to a game the player is not in yet. Then ${fmtInt(WATCHERS)} anonymous sockets on a thread of their own follow ` +
      `the hot game's room while players join and leave it at a steady ${WATCHED_COMMANDS_PER_SECOND}/s: a push is timed from the command ` +
      "being sent to each socket hearing the games read model pass the command's position.",
    fanOutFloorMarkdown(data.floor, WATCHED_COMMANDS_PER_SECOND, seconds),
  ].join('\n\n');
}

export const joinsSection: BenchSection = {
  id: 'joins',
  title: 'Joining games',
  async run(context: BenchContext): Promise<SectionOutcome> {
    const seconds = context.config.e2eSeconds;
    // A field whose rentals an admin made free: each game is a hold and an add-game, no payment.
    const venue = await openBenchVenue(context, 'joins', {
      users: PLAYERS + CAPTAINS,
      captains: CAPTAINS,
      subFields: SUB_FIELDS,
      freeRental: true,
    });
    let measured: Omit<JoinsData, 'floor'>;
    try {
      const { app, api, admin, users, subFieldIds, firstDay } = venue;
      const players = users.slice(0, PLAYERS);
      const captains = users.slice(PLAYERS);
      const gamesStarted = nowMs();
      const gameIds: string[] = [];
      await Promise.all(
        captains.map(async (captain, index) => {
          for (let game = index; game < GAMES; game += CAPTAINS) {
            const subFieldId = subFieldIds[game % SUB_FIELDS]!;
            const start = firstDay + Math.floor(game / SUB_FIELDS) * HOUR;
            const held = await api.request('POST', '/api/hold-slot', captain.token, {
              subFieldId,
              startDate: new Date(start).toISOString(),
              endDate: new Date(start + HOUR).toISOString(),
              maxPlayers: MAX_PLAYERS,
              sidelineSize: MAX_SIDELINE_SIZE,
              price: 0,
            });
            ok(held, 'hold-slot');
            const added = await api.request('POST', '/api/add-game', captain.token, {
              subFieldId,
              holdId: (JSON.parse(held.body) as { holdId: string }).holdId,
            });
            ok(added, 'add-game');
            gameIds.push((JSON.parse(added.body) as { gameId: string }).gameId);
          }
        }),
      );
      context.log(
        `joins: ${fmtInt(gameIds.length)} games made in ${fmtMs(nowMs() - gamesStarted)} ms; ${PLAYERS} players for ${seconds} s each phase…`,
      );
      const hotGameId = gameIds[0]!;

      // One hot game: each of its players joins and leaves it, over and over. Who is in is tracked from
      // the answers, so a refused command (none is expected) is followed by the same command, not its opposite.
      const hotPlayers = players.slice(0, HOT_PLAYERS);
      const inHotGame = new Set<number>();
      const joinOrLeave = async (player: BenchUser) => {
        const joining = !inHotGame.has(player.index);
        const answer = joining
          ? await api.request('POST', '/api/join-game', player.token, { gameId: hotGameId, team: 0 })
          : await api.request('POST', '/api/leave-game', player.token, { gameId: hotGameId });
        if (answer.status !== 200) return null;
        if (joining) inHotGame.add(player.index);
        else inHotGame.delete(player.index);
        return { position: answer.position, joined: joining };
      };
      const hotStarted = nowMs();
      let hotJoins = 0;
      const hot = await loadUntil(hotStarted + seconds * 1000, hotPlayers, async (player) => {
        const change = await joinOrLeave(player);
        if (change?.joined) hotJoins++;
        return change !== null;
      });
      const hotSeconds = (nowMs() - hotStarted) / 1000;
      const hotCommands = hot.latencies.length;

      // Across the games: each join goes to a game the player has not joined yet.
      const spreadStarted = nowMs();
      const spread = await loadUntil(spreadStarted + seconds * 1000, players, async (player, round) => {
        const gameId = gameIds[1 + ((player.index * 7919 + round) % (gameIds.length - 1))]!;
        const answer = await api.request('POST', '/api/join-game', player.token, { gameId, team: 0 });
        return answer.status === 200;
      });
      const spreadSeconds = (nowMs() - spreadStarted) / 1000;

      // The phases before left every read model a backlog (the games' is the first to catch up): the
      // steady phase starts once it is gone, as the System tab shows it.
      const drained = nowMs();
      const caughtUp = await waitForBacklogDrained(
        () => api.request('GET', '/api/admin/system', admin, undefined),
        context.log,
      );
      // 1,000 sockets follow the hot game while players join and leave it at a steady rate.
      const watched = await watchGame(app.url, hotGameId, WATCHERS, PROJECTIONS.games);
      // One unmeasured change, heard by every socket, says they all follow the room.
      for (let probe = 0; watched.commands === 0; probe++) {
        const change = await joinOrLeave(hotPlayers[probe % hotPlayers.length]!);
        watched.sent(nowMs(), change?.position);
      }
      await watched.heardAll(nowMs() + 120_000);
      watched.reset();
      context.log(
        `joins: the projector ${caughtUp ? 'caught up' : 'had not caught up'} in ${fmtMs(nowMs() - drained)} ms; ${fmtInt(WATCHERS)} sockets follow the hot game; ${WATCHED_COMMANDS_PER_SECOND} joins and leaves a second…`,
      );
      const answersMs: number[] = [];
      const timing = await timeGamePushes(app.url);
      await paceSteadily({ perSecond: WATCHED_COMMANDS_PER_SECOND, seconds }, async (tick) => {
        const sentAt = nowMs();
        const change = await joinOrLeave(hotPlayers[tick % hotPlayers.length]!);
        answersMs.push(nowMs() - sentAt);
        watched.sent(sentAt, change?.position);
      });
      await watched.heardAll(nowMs() + 2000);
      const latencies = watched.latencies();
      const { disconnects } = await watched.close();

      measured = {
        hotGame: {
          commands: hotCommands,
          joins: hotJoins,
          joinsPerSecond: hotJoins / hotSeconds,
          commandsPerSecond: hotCommands / hotSeconds,
          failures: hot.failures,
          p99Ms: percentile(hot.latencies, 99),
        },
        spread: {
          games: gameIds.length,
          joins: spread.latencies.length,
          joinsPerSecond: spread.latencies.length / spreadSeconds,
          failures: spread.failures,
          p99Ms: percentile(spread.latencies, 99),
        },
        watched: {
          watchers: WATCHERS,
          commands: watched.commands,
          deliveries: latencies.length,
          missing: watched.missing(),
          pushP50Ms: percentile(latencies, 50),
          pushP99Ms: percentile(latencies, 99),
          disconnects,
          breakdown: await timing.finish(answersMs, latencies),
        },
      };
    } finally {
      await venue.close();
    }
    const floor = await measureFanOutFloor(context, {
      watchers: WATCHERS,
      perSecond: WATCHED_COMMANDS_PER_SECOND,
      seconds,
    });
    const data: JoinsData = { ...measured, floor };
    context.log(
      `  hot game ${fmtInt(data.hotGame.joinsPerSecond)} joins/s; ${fmtInt(GAMES)} games ${fmtInt(data.spread.joinsPerSecond)} joins/s; ` +
        `push p99 to ${fmtInt(WATCHERS)} sockets ${fmtMs(data.watched.pushP99Ms)} ms (${fmtInt(data.watched.missing)} missing); ` +
        `the floor's ${fmtMs(floor.pushP99Ms)} ms`,
    );
    return {
      markdown: markdown(data, seconds),
      data,
      targets: [
        pushTargetAgainstFloor(
          `join to its push on ${fmtInt(WATCHERS)} sockets watching one game, p99`,
          { commands: data.watched.commands, missing: data.watched.missing, p99Ms: data.watched.pushP99Ms },
          floor,
          TARGET_PUSH_P99_MS,
        ),
      ],
    };
  },
};
