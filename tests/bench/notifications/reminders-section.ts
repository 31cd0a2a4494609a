import type pg from 'pg';
import { loadConfig } from '@playtime/shared/infra/config/config';
import { createPool } from '@playtime/shared/infra/db/pool';
import { findFreePort } from '@playtime/shared/infra/db/embedded-postgres';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { checkEventSchemas } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { GameEvent } from '@playtime/shared/domain/games/events';
import type { UserEvent } from '@playtime/shared/domain/users/events';
import type { Role } from '@playtime/shared/domain/users/roles';
import { testGameDetails } from '@playtime/shared/testing/games';
import { startStandalone } from '../../../scripts/standalone';
import { fmtInt, fmtSeconds, markdownTable } from '../support/format';
import { createDatabase } from '../support/postgres';
import type { BenchContext, BenchSection, SectionOutcome } from '../support/section';
import { nowMs } from '../support/timing';
import { appEnvironment } from '../../support/app-environment';

/** Issue #31: 10,000 reminders due in the same minute are all sent within 60 s by the embedded SMTP. */
const TARGET_S = 60;
const GAMES = 1000;
const MEMBERS_PER_GAME = 10;
const REMINDERS = GAMES * MEMBERS_PER_GAME;
const REMINDER_HOURS = 2;
/** Appends at once while seeding. */
const SEED_CONCURRENCY = 8;
/** How long after the games are in the log their reminders come due: time for the projector to take them in. */
const DUE_AFTER_SEED_MS = 120_000;
/** The setup's own mail (joins, bookings) is switched off, so only the reminders are sent. */
const MUTED_KINDS = ['joined', 'player-joined', 'booking-confirmed', 'field-booked'];

export interface RemindersData {
  reminders: number;
  games: number;
  seedMs: number;
  /** Whether the projector had taken in every join before the reminders came due. */
  caughtUpBeforeDue: boolean;
  firstSentAfterDueMs: number | null;
  allSentAfterDueMs: number | null;
  /** When the last reminder was recorded, the last mail written into the outbox, the last claimed for sending. */
  lastRecordedAfterDueMs: number | null;
  lastWrittenAfterDueMs: number | null;
  lastClaimedAfterDueMs: number | null;
  sent: number;
}

async function inBatches<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += SEED_CONCURRENCY)
    await Promise.all(items.slice(start, start + SEED_CONCURRENCY).map(work));
}

const count = async (pool: pg.Pool, sql: string): Promise<number> =>
  Number((await pool.query<{ n: string }>(sql)).rows[0]!.n);

async function seedPeople(store: EventStore, pool: pg.Pool): Promise<string[]> {
  const players = Array.from({ length: REMINDERS }, (_, n) => `player-${n}`);
  const register = (userId: string, role: Role): UserEvent => ({
    type: 'UserRegistered',
    data: {
      userId,
      issuer: 'bench',
      subject: userId,
      email: `${userId}@bench.test`,
      username: userId,
      nickname: userId,
      profilePicture: '',
      role,
      emailVerified: true,
    },
  });
  const people: [string, Role][] = [
    ['captain', 'captain'],
    ['owner', 'field owner'],
    ...players.map((id): [string, Role] => [id, 'player']),
  ];
  await inBatches(people, ([userId, role]) =>
    store.appendToStream(`user-${userId}`, [register(userId, role)], { expectedRevision: 'no_stream' }),
  );
  await pool.query(
    `INSERT INTO email_unsubscribes (account_id, kind)
     SELECT u, k FROM unnest($1::text[]) AS u, unnest($2::text[]) AS k ON CONFLICT DO NOTHING`,
    [['captain', 'owner', ...players], MUTED_KINDS],
  );
  return players;
}

/** GAMES games starting at `startMs`, each with MEMBERS_PER_GAME players who joined. */
async function seedGames(store: EventStore, players: string[], startMs: number): Promise<void> {
  const games = Array.from({ length: GAMES }, (_, n) => n);
  await inBatches(games, (n) => {
    const gameId = `bench-game-${n}`;
    // Typed as the domain's latest versions, so a new required field fails `npm run check`, not a bench run.
    const events: GameEvent[] = [
      {
        type: 'GameScheduled',
        data: {
          ...testGameDetails({
            gameId,
            name: `Reminder Cup ${n}`,
            subFieldId: `bench-pitch-${n}`,
            startDate: new Date(startMs).toISOString(),
            endDate: new Date(startMs + 3_600_000).toISOString(),
            maxPlayers: 22,
          }),
          rentalPaymentId: null,
          rentalCents: 0,
        },
      },
      ...players.slice(n * MEMBERS_PER_GAME, (n + 1) * MEMBERS_PER_GAME).map((playerId): GameEvent => ({
        type: 'PlayerJoined',
        data: {
          gameId,
          playerId,
          username: playerId,
          paymentId: null,
          at: new Date().toISOString(),
          guests: 0,
          guestNames: [],
        },
      })),
    ];
    return store.appendToStream(`game-${gameId}`, events, { expectedRevision: 'no_stream' });
  });
}

/**
 * The whole path of a reminder on the standalone app: the delayed job of each game comes due, records
 * PlayersReminded, the notifications projection writes each member's notification and mail into the
 * outbox, the relay queues it, and the email worker sends it to the embedded SMTP server. Timed from
 * the moment they come due to the last mail the catcher received.
 */
export const remindersSection: BenchSection = {
  id: 'reminders',
  title: 'Reminders: 10,000 due in the same minute, sent by the embedded SMTP',
  async run(context: BenchContext): Promise<SectionOutcome> {
    const database = await createDatabase(context.serverUrl, 'reminders');
    const port = await findFreePort();
    const app = await startStandalone(
      loadConfig(
        appEnvironment(database.url, port, {
          LOG_LEVEL: 'error',
          SEED_DEMO: 'false',
          REMINDER_HOURS: String(REMINDER_HOURS),
        }),
      ),
    );
    const store = checkEventSchemas(await PostgresEventStore.connect(database.url));
    const pool = createPool(database.url, { max: 2 });
    try {
      const seedStarted = nowMs();
      context.log(`reminders: ${fmtInt(REMINDERS + 2)} accounts`);
      const players = await seedPeople(store, pool);
      const dueAt = Date.now() + DUE_AFTER_SEED_MS;
      context.log(`reminders: ${fmtInt(GAMES)} games of ${MEMBERS_PER_GAME}, due in ${DUE_AFTER_SEED_MS / 1000} s`);
      await seedGames(store, players, dueAt + REMINDER_HOURS * 3_600_000);
      const seedMs = nowMs() - seedStarted;

      let caughtUpBeforeDue = false;
      while (Date.now() < dueAt) {
        if (
          !caughtUpBeforeDue &&
          (await count(pool, `SELECT count(*) AS n FROM read.notifications WHERE kind = 'joined'`)) >= REMINDERS
        ) {
          caughtUpBeforeDue = true;
          context.log('reminders: the projector has taken in every join; waiting for the due time');
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }

      const sentSql = `SELECT count(*) AS n FROM caught_mail WHERE kind = 'reminder'`;
      const giveUpAt = dueAt + 5 * TARGET_S * 1000;
      let sent = 0;
      while (sent < REMINDERS && Date.now() < giveUpAt) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        sent = await count(pool, sentSql);
      }
      const { rows } = await pool.query<{ first: Date | null; last: Date | null }>(
        `SELECT min(received_at) AS first, max(received_at) AS last FROM caught_mail WHERE kind = 'reminder'`,
      );
      // Where the time went: the reminders recorded, their mail written into the outbox, then sent.
      const { rows: stages } = await pool.query<{ recorded: Date | null; written: Date | null; claimed: Date | null }>(
        `SELECT (SELECT max(created_at) FROM es_events WHERE type = 'PlayersReminded') AS recorded,
                (SELECT max(created_at) FROM email_outbox WHERE kind = 'reminder') AS written,
                (SELECT max(claimed_at) FROM email_outbox WHERE kind = 'reminder') AS claimed`,
      );
      const after = (at: Date | null) => (at ? new Date(at).getTime() - dueAt : null);
      const data: RemindersData = {
        reminders: REMINDERS,
        games: GAMES,
        seedMs,
        caughtUpBeforeDue,
        firstSentAfterDueMs: after(rows[0]!.first),
        allSentAfterDueMs: sent >= REMINDERS ? after(rows[0]!.last) : null,
        lastRecordedAfterDueMs: after(stages[0]!.recorded),
        lastWrittenAfterDueMs: after(stages[0]!.written),
        lastClaimedAfterDueMs: after(stages[0]!.claimed),
        sent,
      };
      const all = data.allSentAfterDueMs;
      return {
        markdown: [
          markdownTable(
            ['reminders', 'games', 'seeded in', 'taken in before due', 'first mail after due', 'all sent after due'],
            [
              [
                fmtInt(REMINDERS),
                fmtInt(GAMES),
                fmtSeconds(seedMs),
                caughtUpBeforeDue ? 'yes' : 'no',
                data.firstSentAfterDueMs === null ? '–' : fmtSeconds(data.firstSentAfterDueMs),
                all === null ? `${fmtInt(sent)} of ${fmtInt(REMINDERS)} sent` : fmtSeconds(all),
              ],
            ],
          ),
          '',
          markdownTable(
            ['last reminder recorded', 'last mail in the outbox', 'last mail claimed for sending'],
            [
              [data.lastRecordedAfterDueMs, data.lastWrittenAfterDueMs, data.lastClaimedAfterDueMs].map((ms) =>
                ms === null ? '–' : fmtSeconds(ms),
              ),
            ],
          ),
          '',
          `Each game's reminder job comes due at the same instant (start − ${REMINDER_HOURS} h); the time runs to the last mail the embedded SMTP server received. The setup's own mail (joins, bookings) is switched off by the accounts' preferences.`,
        ].join('\n'),
        data,
        targets: [
          {
            name: '10,000 reminders due in the same minute, all sent',
            required: `< ${TARGET_S} s`,
            measured: all === null ? `${fmtInt(sent)} of ${fmtInt(REMINDERS)}` : fmtSeconds(all),
            pass: all !== null && all < TARGET_S * 1000,
          },
        ],
      };
    } finally {
      await pool.end();
      await store.close();
      await app.close();
      await database.drop();
    }
  },
};
