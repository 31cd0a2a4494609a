import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import { isEventOf } from '@playtime/shared/domain/event-schemas';
import { GAME_EVENT_TYPES, type Team } from '@playtime/shared/domain/games/events';
import { minimumDecisionAt } from '@playtime/shared/domain/games/rules';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { SqlStatement, WriteOnlyProjection } from '../runtime/projection';

/**
 * read.games and read.game_participants: every game with its roster, for search by distance, the game
 * page, the organizer's and the player's lists and the owner's timeline. Cancelled games keep their rows
 * (status 'cancelled') so open pages can say so and the history stays readable. read.game_entries keeps
 * each paid entry (a player who left still holds theirs and rejoins for free); read.game_removals the
 * players the organizer removed and has not allowed back (DESIGN §8); read.game_waitlist who waits for a
 * place in a full game (issue #29). The sideline is the line for team spots: each sideline member's
 * line_position is the log position of the event that put them at its back, and a standing offer of a
 * spot is kept on their row.
 *
 * Play time is stored as the seconds of closed intervals plus when the running interval began; readers
 * add the running part from the server's clock, clamped to the game's time (DESIGN §7).
 */
export const gamesProjection: WriteOnlyProjection = {
  name: PROJECTIONS.games,
  // Version 3: the line for team spots, the waitlist and their offers, the sideline size and the minimum (issue #29).
  // Version 4: why a game was cancelled, for its page.
  // Version 5: the week of a weekly series, its rental, when its regulars and then everyone may join,
  // and its regulars (issue #30).
  // Version 6: check-ins and attendance marks (issue #44). Version 7: 'Reliable players only'.
  // Version 8: guests (issue #45): the game's guests per player, each member's guests and their names,
  // and the counts of places (a host with two guests is three).
  // Version 9: whether each entry is only held on the card (issue #45), so pages say released, not refunded.
  // Version 10: the guests each party on the waitlist waits with (issue #45).
  version: 10,
  tables: [
    'games',
    'game_participants',
    'game_entries',
    'game_removals',
    'game_waitlist',
    'game_regulars',
    'game_attendance',
  ],
  handles: GAME_EVENT_TYPES,
  schemaSql: `
    -- cube, earthdistance and btree_gist come from the projections' migrations (shared/src/infra/projections/schema.ts).
    CREATE TABLE games (
      game_id            text        PRIMARY KEY,
      name               text        NOT NULL,
      organizer_id       text        NOT NULL,
      organizer_username text        NOT NULL,
      field_id           text        NOT NULL,
      field_name         text        NOT NULL,
      owner_id           text        NOT NULL,
      sub_field_id       text        NOT NULL,
      sub_field_name     text        NOT NULL,
      location           text        NOT NULL,
      latitude           double precision NOT NULL,
      longitude          double precision NOT NULL,
      -- The point on the earth as a plain cube (not an expression index over ll_to_earth, whose body
      -- names types unqualified and breaks maintenance run with a restricted search_path).
      place              public.cube NOT NULL,
      start_date         timestamptz NOT NULL,
      end_date           timestamptz NOT NULL,
      max_players        integer     NOT NULL,
      price_cents        bigint      NOT NULL,
      picture            text        NOT NULL,
      cancellation_window_hours integer NOT NULL,
      status             text        NOT NULL DEFAULT 'scheduled',
      -- Why it was cancelled when nobody chose to (too few players, a deleted account); null otherwise.
      cancellation_reason text,
      -- On the pitch (teams 1 and 2) and on the sideline, kept with the roster for lists and cards.
      player_count       integer     NOT NULL DEFAULT 0,
      sideline_count     integer     NOT NULL DEFAULT 0,
      -- Team players plus sideline never exceed max_players + sideline_size; null: uncapped (games from before).
      sideline_size      integer,
      -- Fewer team players plus sideline at decision_at cancel the game; null: no minimum.
      min_players        integer,
      decision_at        timestamptz,
      -- The organizer's rental of this game alone (a series' one payment pays every week's).
      rental_cents       bigint      NOT NULL DEFAULT 0,
      -- A week of a weekly series (issue #30): which of how many, and when the week before ends
      -- (regulars_from); search shows the game from public_from, after the regulars' window. Null: no series.
      series_id          text,
      series_week        integer,
      series_weeks       integer,
      regulars_from      timestamptz,
      public_from        timestamptz,
      -- Issue #44: 'Reliable players only': the lowest reliability percent a player needs; null: anyone.
      min_reliability    integer,
      -- Issue #45: how many guests each player may bring (0 for games from before).
      guests_per_player  integer     NOT NULL DEFAULT 0
    );
    CREATE INDEX games_of_series ON games (series_id, series_week) WHERE series_id IS NOT NULL;
    -- The search: nearest first by place (KNN), skipping games that have ended inside the index.
    CREATE INDEX games_place ON games USING gist (place, end_date) WHERE status = 'scheduled';
    CREATE INDEX games_of_organizer ON games (organizer_id, start_date);
    CREATE INDEX games_of_sub_field ON games (sub_field_id, start_date);
    CREATE INDEX games_of_field ON games (field_id, start_date);

    CREATE TABLE game_participants (
      game_id           text        NOT NULL,
      player_id         text        NOT NULL,
      username          text        NOT NULL,
      team              smallint    NOT NULL,
      play_time_seconds integer     NOT NULL DEFAULT 0,
      -- When the running interval on the pitch began; null on the sideline.
      play_start        timestamptz,
      payment_id        text,
      joined_at         timestamptz NOT NULL,
      -- The log position of the join: the roster lists players in the order they came.
      joined_position   bigint      NOT NULL,
      -- On the sideline: the log position of the event that put them at the back of the line; null on the pitch.
      line_position     bigint,
      -- The standing offer of a spot on this team, until offer_expires_at.
      offer_team        smallint,
      offer_expires_at  timestamptz,
      -- Issue #45: the guests who came with this member (they sit, move and leave with them), and the
      -- names the host typed for them ('' for one not named).
      guests            smallint    NOT NULL DEFAULT 0,
      guest_names       text[]      NOT NULL DEFAULT '{}',
      PRIMARY KEY (game_id, player_id)
    );
    CREATE INDEX game_participants_of_player ON game_participants (player_id, joined_at DESC);

    CREATE TABLE game_entries (
      game_id    text    NOT NULL,
      payment_id text    NOT NULL,
      player_id  text    NOT NULL,
      -- Given back: by the organizer's removal (a cancellation's refunds do not matter to rejoining).
      refunded   boolean NOT NULL DEFAULT false,
      -- Issue #45: only authorized, not charged (yet): given back, it is released rather than refunded.
      held       boolean NOT NULL DEFAULT false,
      PRIMARY KEY (game_id, payment_id)
    );

    CREATE TABLE game_removals (
      game_id    text        NOT NULL,
      player_id  text        NOT NULL,
      username   text        NOT NULL,
      removed_at timestamptz NOT NULL,
      PRIMARY KEY (game_id, player_id)
    );

    -- A series week's regulars: last week's team players when it ended, as the organizer changed them.
    CREATE TABLE game_regulars (
      game_id   text    NOT NULL,
      player_id text    NOT NULL,
      username  text    NOT NULL,
      -- Named by the job at last week's end (a new naming replaces these), or added by the organizer.
      named     boolean NOT NULL,
      PRIMARY KEY (game_id, player_id)
    );
    CREATE INDEX game_regulars_of_player ON game_regulars (player_id);

    CREATE TABLE game_waitlist (
      game_id          text        NOT NULL,
      player_id        text        NOT NULL,
      username         text        NOT NULL,
      -- The log position of the join: the waitlist's order.
      joined_position  bigint      NOT NULL,
      -- The standing offer of a place, until then.
      offer_expires_at timestamptz,
      -- Issue #45: the guests the player waits with; an offer holds places for all of them.
      guests           smallint    NOT NULL DEFAULT 0,
      PRIMARY KEY (game_id, player_id)
    );

    -- Issue #44: who checked in with the organizer's code, and the organizer's mark ('cleared' when an
    -- admin took it out of reliability). Kept apart from the roster: a mark outlives a later leave.
    CREATE TABLE game_attendance (
      game_id    text    NOT NULL,
      player_id  text    NOT NULL,
      checked_in boolean NOT NULL DEFAULT false,
      mark       text,
      PRIMARY KEY (game_id, player_id)
    );
  `,
  writes(events) {
    const statements: SqlStatement[] = [];
    const keys = new Set<string>();
    const sql = (text: string, values: unknown[]) => statements.push({ text, values });
    // The games whose rosters changed, in the order first changed: their counts are taken once, at the end.
    const counted = new Set<string>();
    // The games whose check-in count, on their field's timeline, may have changed (see addRoomsShowing).
    const checkInsChanged = new Set<string>();
    for (const stored of events) {
      const event = parseEvent(stored);
      if (!isEventOf(event, GAME_EVENT_TYPES)) continue;
      const { gameId } = event.data;
      switch (event.type) {
        case 'GameScheduled': {
          const d = event.data;
          sql(
            `INSERT INTO games (game_id, name, organizer_id, organizer_username, field_id, field_name, owner_id, sub_field_id, sub_field_name,
                                location, latitude, longitude, place, start_date, end_date, max_players, price_cents, picture, cancellation_window_hours,
                                sideline_size, min_players, decision_at, rental_cents,
                                series_id, series_week, series_weeks, regulars_from, public_from, guests_per_player)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, public.ll_to_earth($11, $12)::public.cube, $13, $14, $15, $16, $17, $18,
                     $19, $20, $21, $22, $23, $24, $25, $26::timestamptz,
                     $26::timestamptz + make_interval(secs => $27::float8 * 3600), $28)
             ON CONFLICT (game_id) DO NOTHING`,
            [
              d.gameId,
              d.name,
              d.organizerId,
              d.organizerUsername,
              d.fieldId,
              d.fieldName,
              d.ownerId,
              d.subFieldId,
              d.subFieldName,
              d.location,
              d.latitude,
              d.longitude,
              d.startDate,
              d.endDate,
              d.maxPlayers,
              d.priceCents,
              d.picture,
              d.cancellationWindowHours,
              d.sidelineSize,
              d.minPlayers,
              minimumDecisionAt(d)?.toISOString() ?? null,
              d.rentalCents,
              d.series?.seriesId ?? null,
              d.series?.week ?? null,
              d.series?.weeks ?? null,
              d.series?.previousEndDate ?? null,
              d.series?.regularsWindowHours ?? 0,
              d.guestsPerPlayer,
            ],
          );
          // A new game has nobody to count yet, and its event names everyone who shows it.
          addRoomsShowing(keys, gameId, { ownerId: d.ownerId, organizerId: d.organizerId });
          continue;
        }
        case 'PlayerJoined': {
          const d = event.data;
          sql(
            `INSERT INTO game_participants (game_id, player_id, username, team, payment_id, joined_at, joined_position, line_position,
                                            guests, guest_names)
             VALUES ($1, $2, $3, 0, $4, $5, $6, $6, $7, $8) ON CONFLICT (game_id, player_id) DO NOTHING`,
            [gameId, d.playerId, d.username, d.paymentId, d.at, stored.globalPosition, d.guests, d.guestNames],
          );
          // A waitlisted joiner (who took the place offered) leaves the waitlist.
          sql('DELETE FROM game_waitlist WHERE game_id = $1 AND player_id = $2', [gameId, d.playerId]);
          // A rejoin brings back the entry the player holds: it is the same row.
          if (d.paymentId) {
            sql(
              `INSERT INTO game_entries (game_id, payment_id, player_id, held) VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, payment_id) DO NOTHING`,
              [gameId, d.paymentId, d.playerId, d.held === true],
            );
          }
          keys.add(rooms.user(d.playerId));
          break;
        }
        case 'PlayerMoved': {
          const d = event.data;
          moveTo(sql, gameId, d.playerId, d.to, d.playedSeconds, d.at);
          // Onto the sideline: the back of the line; off it: out of the line, any offer taken or given up.
          if ((d.from === 0) !== (d.to === 0))
            toLine(sql, gameId, d.playerId, d.to === 0 ? stored.globalPosition : null);
          break;
        }
        case 'PlayersSwitched': {
          const d = event.data;
          moveTo(sql, gameId, d.outgoingId, 0, d.outgoingPlayedSeconds, d.at);
          moveTo(sql, gameId, d.incomingId, d.team, 0, d.at);
          toLine(sql, gameId, d.incomingId, null);
          toLine(sql, gameId, d.outgoingId, stored.globalPosition);
          break;
        }
        case 'PlayerLeft':
          dropParticipant(sql, gameId, event.data.playerId);
          checkInsChanged.add(gameId);
          // Issue #45: within free cancellation the entry went back; it is no longer held.
          if (event.data.refund) entryRefunded(sql, gameId, event.data.refund.paymentId);
          keys.add(rooms.user(event.data.playerId));
          break;
        case 'HeldEntriesCharged':
          // Issue #45: the game went ahead: these entries are charged now.
          sql('UPDATE game_entries SET held = false WHERE game_id = $1 AND payment_id = ANY($2)', [
            gameId,
            event.data.entries.map((entry) => entry.paymentId),
          ]);
          break;
        case 'EntryHoldReleased':
          // Issue #45: a leaver's hold was released at once: no entry stays theirs to rejoin with.
          entryRefunded(sql, gameId, event.data.paymentId);
          keys.add(rooms.user(event.data.playerId));
          break;
        case 'EntryCredited':
          // Issue #45: a late leaver's kept entry came back as credit: it is no longer theirs to rejoin with.
          entryRefunded(sql, gameId, event.data.paymentId);
          keys.add(rooms.user(event.data.playerId));
          break;
        case 'PlayerRemoved': {
          const d = event.data;
          // Removals from before usernames were recorded take the name the roster showed. A deleted
          // account's withdrawal (issue #41) keeps nobody out: it is no removal to allow back.
          if (d.reason === undefined)
            sql(
              `INSERT INTO game_removals (game_id, player_id, username, removed_at)
             SELECT $1, $2, coalesce(nullif($3, ''), (SELECT username FROM game_participants WHERE game_id = $1 AND player_id = $2), ''), $4
             ON CONFLICT (game_id, player_id) DO UPDATE SET removed_at = EXCLUDED.removed_at`,
              [gameId, d.playerId, d.username, d.at],
            );
          dropParticipant(sql, gameId, d.playerId);
          checkInsChanged.add(gameId);
          if (d.refundedPaymentId) entryRefunded(sql, gameId, d.refundedPaymentId);
          keys.add(rooms.user(d.playerId));
          break;
        }
        case 'PlayerAllowedBack':
          sql('DELETE FROM game_removals WHERE game_id = $1 AND player_id = $2', [gameId, event.data.playerId]);
          keys.add(rooms.user(event.data.playerId));
          break;
        case 'GameCancelled':
          sql(`UPDATE games SET status = 'cancelled', cancellation_reason = $2 WHERE game_id = $1`, [
            gameId,
            event.data.reason ?? null,
          ]);
          break;
        case 'SpotOffered': {
          const d = event.data;
          sql(
            'UPDATE game_participants SET offer_team = $3, offer_expires_at = $4 WHERE game_id = $1 AND player_id = $2',
            [gameId, d.playerId, d.team, d.expiresAt],
          );
          keys.add(rooms.user(d.playerId));
          break;
        }
        case 'SpotDeclined':
        case 'SpotOfferExpired':
          // To the back of the line, the offer gone.
          toLine(sql, gameId, event.data.playerId, stored.globalPosition);
          keys.add(rooms.user(event.data.playerId));
          break;
        case 'WaitlistJoined': {
          const d = event.data;
          sql(
            `INSERT INTO game_waitlist (game_id, player_id, username, joined_position, guests)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id, player_id) DO NOTHING`,
            [gameId, d.playerId, d.username, stored.globalPosition, d.guests ?? 0],
          );
          keys.add(rooms.user(d.playerId));
          break;
        }
        case 'WaitlistLeft':
        case 'WaitlistOfferExpired':
          sql('DELETE FROM game_waitlist WHERE game_id = $1 AND player_id = $2', [gameId, event.data.playerId]);
          keys.add(rooms.user(event.data.playerId));
          break;
        case 'WaitlistOffered': {
          const d = event.data;
          sql('UPDATE game_waitlist SET offer_expires_at = $3 WHERE game_id = $1 AND player_id = $2', [
            gameId,
            d.playerId,
            d.expiresAt,
          ]);
          keys.add(rooms.user(d.playerId));
          break;
        }
        case 'RegularsNamed':
          // The new names replace the last ones; those the organizer added stay.
          sql('DELETE FROM game_regulars WHERE game_id = $1 AND named', [gameId]);
          for (const regular of event.data.regulars) {
            sql(
              'INSERT INTO game_regulars (game_id, player_id, username, named) VALUES ($1, $2, $3, true) ON CONFLICT DO NOTHING',
              [gameId, regular.playerId, regular.username],
            );
            // Their profile's 'Join next …' button.
            keys.add(rooms.user(regular.playerId));
          }
          break;
        case 'RegularAdded':
          sql(
            'INSERT INTO game_regulars (game_id, player_id, username, named) VALUES ($1, $2, $3, false) ON CONFLICT DO NOTHING',
            [gameId, event.data.playerId, event.data.username],
          );
          keys.add(rooms.user(event.data.playerId));
          break;
        case 'RegularRemoved':
          sql('DELETE FROM game_regulars WHERE game_id = $1 AND player_id = $2', [gameId, event.data.playerId]);
          keys.add(rooms.user(event.data.playerId));
          break;
        case 'MinReliabilitySet':
          sql('UPDATE games SET min_reliability = $2 WHERE game_id = $1', [gameId, event.data.minReliability]);
          break;
        case 'PlayerCheckedIn':
          sql(
            `INSERT INTO game_attendance (game_id, player_id, checked_in) VALUES ($1, $2, true)
             ON CONFLICT (game_id, player_id) DO UPDATE SET checked_in = true`,
            [gameId, event.data.playerId],
          );
          checkInsChanged.add(gameId);
          keys.add(rooms.user(event.data.playerId));
          break;
        case 'AttendanceMarked':
        case 'AttendanceMarkCleared': {
          const mark = event.type === 'AttendanceMarked' ? event.data.status : 'cleared';
          sql(
            `INSERT INTO game_attendance (game_id, player_id, mark) VALUES ($1, $2, $3)
             ON CONFLICT (game_id, player_id) DO UPDATE SET mark = EXCLUDED.mark`,
            [gameId, event.data.playerId, mark],
          );
          keys.add(rooms.user(event.data.playerId));
          break;
        }
        default:
          continue;
      }
      counted.add(gameId);
    }
    for (const gameId of counted)
      statements.push({
        text: `UPDATE games g SET
           -- Places, guests included (issue #45).
           player_count   = (SELECT coalesce(sum(1 + p.guests), 0) FROM game_participants p WHERE p.game_id = g.game_id AND p.team <> 0),
           sideline_count = (SELECT coalesce(sum(1 + p.guests), 0) FROM game_participants p WHERE p.game_id = g.game_id AND p.team = 0)
         WHERE g.game_id = $1 RETURNING owner_id, organizer_id, field_id`,
        values: [gameId],
        // The rooms showing the game, read off its row (a game the log never scheduled shows on its own page only).
        changedBy: (rows) => {
          const shown = new Set<string>();
          const game = rows[0] as { owner_id: string; organizer_id: string; field_id: string } | undefined;
          addRoomsShowing(shown, gameId, game && { ownerId: game.owner_id, organizerId: game.organizer_id });
          if (game && checkInsChanged.has(gameId)) shown.add(rooms.field(game.field_id));
          return shown;
        },
      });
    return { statements, changed: keys };
  },
};

/** Adds a statement to the batch's. */
type Sql = (text: string, values: unknown[]) => void;

/**
 * The realtime rooms that show a game: its own page, the admin's, and, when the game is known, its
 * owner's and organizer's. Not its field's: a field's followers (the wizard's time slots, the owner's
 * timeline) see its bookings from the bookings read model, and of its games only how many checked in,
 * so the field's room hears a game only when that count may have changed (a check-in, a departure). A
 * busy field has many followers: its booking tells them, and its game made a moment later told them
 * again for nothing, each time a write to every one of their sockets.
 */
function addRoomsShowing(
  keys: Set<string>,
  gameId: string,
  game: { ownerId: string; organizerId: string } | undefined,
): void {
  keys.add(rooms.game(gameId));
  keys.add(rooms.admin);
  if (!game) return;
  keys.add(rooms.owner(game.ownerId));
  keys.add(rooms.user(game.organizerId));
}

/** The entry went back (a removal, a free-cancellation leave, credit for a refilled place): no longer held. */
function entryRefunded(sql: Sql, gameId: string, paymentId: string): void {
  sql('UPDATE game_entries SET refunded = true WHERE game_id = $1 AND payment_id = $2', [gameId, paymentId]);
}

/** A player out of the game's roster (left or removed): their line position goes with the row. */
function dropParticipant(sql: Sql, gameId: string, playerId: string): void {
  sql('DELETE FROM game_participants WHERE game_id = $1 AND player_id = $2', [gameId, playerId]);
}

/** A sideline member to the back of the line (`position`), or out of it (null): either way their spot offer ends. */
function toLine(sql: Sql, gameId: string, playerId: string, position: number | null): void {
  sql(
    `UPDATE game_participants SET line_position = $3, offer_team = NULL, offer_expires_at = NULL
      WHERE game_id = $1 AND player_id = $2`,
    [gameId, playerId, position],
  );
}

/** A move closes the running interval with the seconds the event recorded and opens one on the pitch. */
function moveTo(sql: Sql, gameId: string, playerId: string, team: Team, playedSeconds: number, at: string): void {
  sql(
    `UPDATE game_participants SET
       team = $3::smallint,
       play_time_seconds = play_time_seconds + $4,
       play_start = CASE WHEN $3::smallint = 0 THEN NULL ELSE coalesce(play_start, $5::timestamptz) END
     WHERE game_id = $1 AND player_id = $2`,
    [gameId, playerId, team, playedSeconds, at],
  );
}
