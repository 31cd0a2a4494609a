import { PROJECTIONS } from '@playtime/shared/contract/projections';
import type { BenchUser } from '../e2e/accounts';
import { fmtInt, fmtMs, markdownTable } from '../support/format';
import { percentile } from '../support/percentiles';
import type { BenchContext, BenchSection, SectionOutcome } from '../support/section';
import type { HttpAnswer } from '../e2e/http';
import { ok, openBenchVenue } from '../support/venue';
import { nowMs, paceSteadily } from '../support/timing';
import { watchGame } from './watched-game';
import { pushBreakdownTable, timeGamePushes, type PushBreakdown } from '../support/push-stages';
import {
  fanOutFloorMarkdown,
  measureFanOutFloor,
  pushTargetAgainstFloor,
  type FanOutFloor,
} from '../floors/fan-out-floor';

/** The smallest game there is, full on the pitch, and more in line on the sideline. */
const MAX_PLAYERS = 14;
const IN_LINE = 8;
const WATCHERS = 1_000;
/** Spots freed a second on the watched game: each one an offer to the first in line (issue #29). */
const OFFERS_PER_SECOND = 2;
const TARGET_PUSH_P99_MS = 100;

export interface OffersData {
  watchers: number;
  offers: number;
  deliveries: number;
  missing: number;
  pushP50Ms: number;
  pushP99Ms: number;
  acceptP99Ms: number;
  disconnects: number;
  /** Where the pushes' time went: the leaves' answers, the projector's stages (the games projection's), the pushes. */
  breakdown: PushBreakdown;
  /** The bare server's fan-out to as many sockets at the same rate, measured right after. */
  floor: FanOutFloor;
}

/**
 * The offer push of issue #29: a full game whose team spot frees again and again, with 1,000 sockets
 * following it. A team player leaves; the same decision offers the spot to the first in line, and the
 * push of that leave's position is the offer reaching every open page. Then the offered player accepts
 * and the leaver joins the back of the line, so the game is full again for the next round.
 */
export const offersSection: BenchSection = {
  id: 'offers',
  title: 'Offers of a freed spot',
  async run(context: BenchContext): Promise<SectionOutcome> {
    const seconds = context.config.e2eSeconds;
    const venue = await openBenchVenue(context, 'offers', {
      users: MAX_PLAYERS + IN_LINE + 1,
      captains: 1,
      subFields: 1,
      freeRental: true,
    });
    let measured: Omit<OffersData, 'floor'>;
    try {
      const { app, api, users, subFieldIds, firstDay } = venue;
      const captain = users.at(-1)!;
      const players = users.slice(0, MAX_PLAYERS + IN_LINE);
      const held = await api.request('POST', '/api/hold-slot', captain.token, {
        subFieldId: subFieldIds[0]!,
        startDate: new Date(firstDay).toISOString(),
        endDate: new Date(firstDay + 3_600_000).toISOString(),
        maxPlayers: MAX_PLAYERS,
        price: 0,
        sidelineSize: 10,
      });
      ok(held, 'hold-slot');
      const added = await api.request('POST', '/api/add-game', captain.token, {
        subFieldId: subFieldIds[0]!,
        holdId: (JSON.parse(held.body) as { holdId: string }).holdId,
      });
      ok(added, 'add-game');
      const gameId = (JSON.parse(added.body) as { gameId: string }).gameId;
      const call = (player: BenchUser, path: string, body: object): Promise<HttpAnswer> =>
        api.request('POST', path, player.token, { gameId, ...body });
      // The teams take turns filling the pitch; the others line up in order.
      const onPitch = players.slice(0, MAX_PLAYERS);
      for (const [index, player] of onPitch.entries())
        ok(await call(player, '/api/join-game', { team: (index % 2) + 1 }), 'join a team');
      const line: BenchUser[] = [];
      for (const player of players.slice(MAX_PLAYERS)) {
        ok(await call(player, '/api/join-game', { team: 0 }), 'join the line');
        line.push(player);
      }

      const watched = await watchGame(app.url, gameId, WATCHERS, PROJECTIONS.games);
      context.log(`offers: ${fmtInt(WATCHERS)} sockets follow a full game; ${OFFERS_PER_SECOND} freed spots a second…`);

      const acceptLatencies: number[] = [];
      const leaveAnswers: number[] = [];
      const timing = await timeGamePushes(app.url);
      await paceSteadily({ perSecond: OFFERS_PER_SECOND, seconds }, async (round) => {
        const started = nowMs();
        const leaver = onPitch[round % MAX_PLAYERS]!;
        const team = ((round % MAX_PLAYERS) % 2) + 1;
        const left = await call(leaver, '/api/leave-game', {});
        ok(left, 'leave-game');
        leaveAnswers.push(nowMs() - started);
        watched.sent(started, left.position);
        // The first in line holds the offer: they take the spot, and the leaver goes to the back.
        const offered = line.shift()!;
        const acceptStarted = nowMs();
        ok(await call(offered, '/api/accept-spot', {}), `accept-spot (team ${team})`);
        acceptLatencies.push(nowMs() - acceptStarted);
        onPitch[round % MAX_PLAYERS] = offered;
        ok(await call(leaver, '/api/join-game', { team: 0 }), 'rejoin the line');
        line.push(leaver);
      });
      await watched.heardAll(nowMs() + 2000);
      const latencies = watched.latencies();
      const { disconnects } = await watched.close();
      acceptLatencies.sort((a, b) => a - b);

      measured = {
        watchers: WATCHERS,
        offers: watched.commands,
        deliveries: latencies.length,
        missing: watched.missing(),
        pushP50Ms: percentile(latencies, 50),
        pushP99Ms: percentile(latencies, 99),
        acceptP99Ms: percentile(acceptLatencies, 99),
        disconnects,
        breakdown: await timing.finish(leaveAnswers, latencies),
      };
    } finally {
      await venue.close();
    }
    const floor = await measureFanOutFloor(context, { watchers: WATCHERS, perSecond: OFFERS_PER_SECOND, seconds });
    const data: OffersData = { ...measured, floor };
    context.log(
      `  offer push p99 to ${fmtInt(WATCHERS)} sockets ${fmtMs(data.pushP99Ms)} ms (${fmtInt(data.missing)} missing); the floor's ${fmtMs(floor.pushP99Ms)} ms`,
    );
    return {
      markdown: [
        markdownTable(
          ['sockets', 'offers', 'pushes delivered', 'missing', 'push p50', 'push p99', 'accept p99', 'disconnects'],
          [
            [
              fmtInt(data.watchers),
              fmtInt(data.offers),
              fmtInt(data.deliveries),
              fmtInt(data.missing),
              fmtMs(data.pushP50Ms),
              fmtMs(data.pushP99Ms),
              fmtMs(data.acceptP99Ms),
              fmtInt(data.disconnects),
            ],
          ],
        ),
        "Where the push's time goes (the projector's stages count every push of the games read model in the phase: the accepts and rejoins too):",
        pushBreakdownTable(data.breakdown),
        `The standalone app in a child process; one free game of ${MAX_PLAYERS} places on the pitch, full, with ${IN_LINE} players in line ` +
          `on the sideline and ${fmtInt(WATCHERS)} anonymous sockets on a thread of their own following its room. ` +
          `${OFFERS_PER_SECOND} times a second a team player leaves (POST /api/leave-game): the same decision offers the spot to the ` +
          'first in line, and the push is timed from the leave being sent to each socket hearing the games read model pass its ' +
          'position. The offered player then accepts (POST /api/accept-spot, timed as accept p99) and the leaver joins the back ' +
          'of the line.',
        fanOutFloorMarkdown(floor, OFFERS_PER_SECOND, seconds),
      ].join('\n\n'),
      data,
      targets: [
        pushTargetAgainstFloor(
          `a freed spot's offer to its push on ${fmtInt(WATCHERS)} sockets, p99`,
          { commands: data.offers, missing: data.missing, p99Ms: data.pushP99Ms },
          floor,
          TARGET_PUSH_P99_MS,
        ),
      ],
    };
  },
};
