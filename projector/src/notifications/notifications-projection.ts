import { attendanceMarkedText } from '@playtime/shared/contract/attendance';
import {
  NOTIFICATION_MAIL_MAX_AGE_MS,
  NOTIFICATION_TEXTS as TEXTS,
  cancellationWhy,
  type EntryOutcome,
  type NotificationKind,
} from '@playtime/shared/contract/notifications';
import { PROJECTIONS } from '@playtime/shared/contract/projections';
import { rooms } from '@playtime/shared/contract/rooms';
import { isEventOf } from '@playtime/shared/domain/event-schemas';
import { DEFAULT_FIELD_TIME_ZONE } from '@playtime/shared/domain/fields/time-zone';
import {
  writeEmail,
  writeNotificationEmails,
  type EmailSettings,
  type NewEmail,
} from '@playtime/shared/infra/email/outbox';
import { parseEvent } from '@playtime/shared/infra/eventstore/schema-checked-event-store';
import type { StoredEvent } from '@playtime/shared/infra/eventstore/port';
import { writeNotificationPushes } from '@playtime/shared/infra/push/outbox';
import type { PoolClient } from 'pg';
import type { QueryingProjection } from '../runtime/projection';
import { DELIVERY_SCHEMA_SQL, gameIdOf, keepDeliveryFacts, pushOf, quietHoldsOf } from './deliveries';

const HANDLED = [
  'UserRegistered',
  'UserDeleted',
  'UserRoleChanged',
  'FieldAdded',
  'GameScheduled',
  'PlayerJoined',
  'PlayerMoved',
  'PlayersSwitched',
  'PlayerLeft',
  'PlayerRemoved',
  'GameCancelled',
  'SpotOffered',
  'WaitlistOffered',
  'PlayersReminded',
  'PaymentReceived',
  'RefundIssued',
  // Issue #45: a held entry charged when its game goes ahead is refunded, no longer released, if given back.
  'HeldEntriesCharged',
  // Issue #45: credit granted to a player.
  'CreditGranted',
  'PartnerDecisionApplied',
  'PaymentDifferenceFound',
  'PartnerApplicationSubmitted',
  'PartnerApplicationClaimed',
  'PartnerApplicationApproved',
  'AttendanceMarked',
  'GameMessageSent',
  // Issue #46: a waitlist join says the player's zone, for quiet hours.
  'WaitlistJoined',
] as const;

/** One notification to one user, as the event decides it. */
interface Notice {
  userId: string;
  kind: NotificationKind;
  text: string;
  link: string | null;
  /** A place on OpenStreetMap: the bell shows it as a short link, the mail as its address (issue #41). */
  map?: { url: string; mailText: string };
}

/** What notifications know of a game: enough to name it and to find who hears of it. */
interface GameFacts {
  label: string;
  /** The entry fee: what a removal refunds. */
  priceCents: number;
  organizerId: string;
  ownerId: string;
  place: string;
  address: string;
  latitude: number;
  longitude: number;
  /** The field's zone: the times a notification names are the pitch's own clock. */
  timeZone: string;
  minPlayers: number | null;
  minimumReached: boolean;
}

const gameLink = (gameId: string) => `/game-details/${gameId}`;
const OWNER_LINK = '/FieldOwner';
const ADMIN_PAYMENTS_LINK = '/admin?tab=system';

/** 'Tue, Dec 1, 6:00 PM' in the field's zone: what a player reads on the pitch's own clock. */
function whenIn(timeZone: string, instant: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));
}

/**
 * read.notifications (issue #31): what each user is told, in the bell and by mail. Who hears what is
 * decided here, from the events alone: the projection keeps the few facts it needs (users and their roles,
 * fields' time zones, games and their members, payments) in its own tables, so a rebuild from the log
 * decides the same. Whether a notification was read, and which kinds a user muted, are the user's
 * doing, not the log's: they live beside it (shared/src/infra/notifications).
 *
 * Mail goes into the outbox in this batch's transaction, once per notification (its key is the
 * notification's id), and only for recent events: a rebuild mails nobody about the past again.
 */
export function notificationsProjection(mail: EmailSettings | null): QueryingProjection {
  return {
    name: PROJECTIONS.notifications,
    // 2: a reminder's map is its own column, not a raw address in the text (issue #41).
    // 3: a Late or No-show mark tells the player (issue #44).
    // 4: an '@name' in a game's chat tells that person (issue #46).
    // 5: players' zones and games' starts, for quiet hours (issue #46).
    // 6: each entry's amount and whether it is only held, so a removal says refunded or released (issue #45).
    // 7: Playtime credit granted tells the player (issue #45).
    version: 7,
    tables: ['notifications'],
    handles: HANDLED,
    schemaSql: `
      -- The notification's id is its event's log position and its place among that event's notifications.
      CREATE TABLE notifications (
        position   bigint      NOT NULL,
        ordinal    integer     NOT NULL,
        user_id    text        NOT NULL,
        kind       text        NOT NULL,
        text       text        NOT NULL,
        link       text,
        map_url    text,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (position, ordinal)
      );
      CREATE INDEX notifications_of_user ON notifications (user_id, position DESC, ordinal DESC);

      CREATE TABLE notification_users (
        user_id  text PRIMARY KEY,
        email    text NOT NULL,
        username text NOT NULL,
        role     text NOT NULL
      );
      CREATE INDEX notification_admins ON notification_users (user_id) WHERE role = 'admin';
      CREATE TABLE notification_fields (field_id text PRIMARY KEY, time_zone text NOT NULL);
      CREATE TABLE notification_games (
        game_id         text    PRIMARY KEY,
        label           text    NOT NULL,
        organizer_id    text    NOT NULL,
        owner_id        text    NOT NULL,
        place           text    NOT NULL,
        address         text    NOT NULL,
        latitude        float8  NOT NULL,
        longitude       float8  NOT NULL,
        time_zone       text    NOT NULL,
        price_cents     integer NOT NULL,
        min_players     integer,
        minimum_reached boolean NOT NULL DEFAULT false,
        start_at        timestamptz
      );
      ${DELIVERY_SCHEMA_SQL}
      CREATE TABLE notification_members (
        game_id   text    NOT NULL,
        player_id text    NOT NULL,
        username  text    NOT NULL,
        PRIMARY KEY (game_id, player_id)
      );
      -- Issue #45: each paid entry's amount (guests included) and whether the card is only held: a
      -- removal then says what became of it (refunded, or released uncharged).
      CREATE TABLE notification_entries (
        payment_id   text    PRIMARY KEY,
        amount_cents integer NOT NULL,
        held         boolean NOT NULL
      );
      -- Partner applications, so an approved one without an account can invite its applicant to sign up.
      CREATE TABLE notification_applications (
        application_id text PRIMARY KEY,
        email          text NOT NULL,
        contact_name   text NOT NULL,
        applicant_id   text
      );
      -- What a payment paid for, so its refund can say so.
      CREATE TABLE notification_payments (
        payment_id text PRIMARY KEY,
        what       text NOT NULL
      );
    `,
    async apply(events, db) {
      const isRecent = (stored: StoredEvent) => Date.now() - stored.createdAt.getTime() < NOTIFICATION_MAIL_MAX_AGE_MS;
      const mailable = (stored: StoredEvent) => mail !== null && isRecent(stored);
      // The batch's notifications, written together at its end (a thousand reminders are two statements).
      const decided: Array<{ stored: StoredEvent; notices: Notice[] }> = [];
      for (const stored of events) {
        if (stored.type === 'PartnerApplicationApproved') {
          const invitation = await invitationOf(stored, db);
          if (invitation && mailable(stored))
            await writeEmail(db, mail!, { ...invitation, link: `${mail!.publicUrl}${invitation.link}` });
          continue;
        }
        await keepDeliveryFacts(stored, db);
        const notices = await noticesOf(stored, db);
        if (notices.length > 0) decided.push({ stored, notices });
      }
      if (decided.length === 0) return new Set<string>();
      // Written only for accounts that exist at the batch's end: nobody is told of anything after their
      // account was deleted. It answers who got one, with their address.
      const { rows: told } = await db.query<{ position: string; ordinal: number; user_id: string; email: string }>(
        `INSERT INTO notifications (position, ordinal, user_id, kind, text, link, map_url, created_at)
         SELECT n.position, n.ordinal, n.user_id, n.kind, n.text, n.link, n.map_url, n.created_at
           FROM jsonb_to_recordset($1::jsonb)
                AS n(position bigint, ordinal integer, user_id text, kind text, text text, link text, map_url text,
                     created_at timestamptz)
          WHERE EXISTS (SELECT FROM notification_users u WHERE u.user_id = n.user_id)
         ON CONFLICT DO NOTHING
         RETURNING position, ordinal, user_id,
                   (SELECT email FROM notification_users u WHERE u.user_id = notifications.user_id) AS email`,
        [
          JSON.stringify(
            decided.flatMap(({ stored, notices }) =>
              notices.map((notice, ordinal) => ({
                position: stored.globalPosition,
                ordinal,
                user_id: notice.userId,
                kind: notice.kind,
                text: notice.text,
                link: notice.link,
                map_url: notice.map?.url ?? null,
                created_at: stored.createdAt.toISOString(),
              })),
            ),
          ),
        ],
      );
      const byPosition = new Map(decided.map((entry) => [String(entry.stored.globalPosition), entry]));
      // Issue #46: push and mail wait out the player's quiet hours; only recent events go out at all.
      const recent = told.filter((row) => isRecent(byPosition.get(String(row.position))!.stored));
      const holds = await quietHoldsOf(
        db,
        recent.map((row) => {
          const { stored } = byPosition.get(String(row.position))!;
          return {
            id: `${row.position}-${row.ordinal}`,
            userId: row.user_id,
            gameId: gameIdOf(stored),
            at: stored.createdAt,
          };
        }),
      );
      await writeNotificationPushes(
        db,
        recent.map((row) => {
          const notice = byPosition.get(String(row.position))!.notices[row.ordinal]!;
          const id = `${row.position}-${row.ordinal}`;
          const text = notice.map?.mailText ?? notice.text;
          return pushOf(
            { id, userId: notice.userId, kind: notice.kind, text, link: notice.link },
            holds.get(id) ?? null,
          );
        }),
      );
      const mails = told.flatMap((row) => {
        const entry = byPosition.get(String(row.position))!;
        if (!row.email || !mailable(entry.stored)) return [];
        const notice = entry.notices[row.ordinal]!;
        return [
          {
            kind: notice.kind,
            userId: notice.userId,
            to: row.email,
            text: notice.map?.mailText ?? notice.text,
            link: notice.link ?? '/',
            dedupeKey: `notification-${row.position}-${row.ordinal}`,
            notBefore: holds.get(`${row.position}-${row.ordinal}`) ?? null,
          },
        ];
      });
      if (mails.length > 0) await writeNotificationEmails(db, mail!, mails);
      return new Set(told.map((row) => rooms.user(row.user_id)));
    },
  };
}

/** Everything notifications know of a game, in one read of its row. */
async function gameOf(db: PoolClient, gameId: string): Promise<GameFacts | null> {
  const { rows } = await db.query<GameFacts>(
    `SELECT label, price_cents AS "priceCents", organizer_id AS "organizerId", owner_id AS "ownerId", place,
            address, latitude, longitude, time_zone AS "timeZone", min_players AS "minPlayers",
            minimum_reached AS "minimumReached"
       FROM notification_games WHERE game_id = $1`,
    [gameId],
  );
  return rows[0] ?? null;
}

async function membersOf(db: PoolClient, gameId: string): Promise<{ playerId: string; username: string }[]> {
  const { rows } = await db.query<{ player_id: string; username: string }>(
    'SELECT player_id, username FROM notification_members WHERE game_id = $1 ORDER BY player_id',
    [gameId],
  );
  return rows.map((row) => ({ playerId: row.player_id, username: row.username }));
}

/** A paid entry as a removal tells of it: its amount, and whether the card is only held (issue #45). */
async function entryOf(db: PoolClient, paymentId: string): Promise<{ amountCents: number; held: boolean } | null> {
  const { rows } = await db.query<{ amountCents: number; held: boolean }>(
    'SELECT amount_cents AS "amountCents", held FROM notification_entries WHERE payment_id = $1',
    [paymentId],
  );
  return rows[0] ?? null;
}

/** What a payment paid for, as its refund says it. */
async function paidFor(db: PoolClient, paymentId: string): Promise<string | null> {
  const { rows } = await db.query<{ what: string }>('SELECT what FROM notification_payments WHERE payment_id = $1', [
    paymentId,
  ]);
  return rows[0]?.what ?? null;
}

/**
 * An approval of an application that came without an account (a spreadsheet row, or a form sent
 * before applying needed one) invites its applicant to sign up with the email it names (issue #31):
 * the account whose verified email matches then confirms it as theirs and becomes a field owner.
 */
async function invitationOf(stored: StoredEvent, db: PoolClient): Promise<NewEmail | null> {
  const event = parseEvent(stored);
  if (event.type !== 'PartnerApplicationApproved') return null;
  const { rows } = await db.query<{ email: string; contact_name: string }>(
    'SELECT email, contact_name FROM notification_applications WHERE application_id = $1 AND applicant_id IS NULL',
    [event.data.applicationId],
  );
  const application = rows[0];
  if (!application) return null;
  return {
    kind: 'partner-invitation',
    // Nobody has an account yet: the address is who may unsubscribe.
    accountId: application.email.toLowerCase(),
    to: application.email,
    nickname: application.contact_name,
    // The app's home, where Log In offers the sign-up (made absolute with the public address).
    link: '/',
    dedupeKey: `partner-invitation-${stored.globalPosition}`,
  };
}

/** Keeps the facts an event brings, and says who is told what about it. */
async function noticesOf(stored: StoredEvent, db: PoolClient): Promise<Notice[]> {
  const event = parseEvent(stored);
  if (!isEventOf(event, HANDLED)) return [];
  switch (event.type) {
    case 'UserRegistered':
      await db.query(
        `INSERT INTO notification_users (user_id, email, username, role) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, username = EXCLUDED.username, role = EXCLUDED.role`,
        [event.data.userId, event.data.email, event.data.username, event.data.role],
      );
      return [];
    case 'UserRoleChanged':
      await db.query('UPDATE notification_users SET role = $2 WHERE user_id = $1', [
        event.data.userId,
        event.data.role,
      ]);
      return [];
    case 'UserDeleted':
      // The log keeps only the marker: what the person was told goes with them.
      await db.query('DELETE FROM notification_users WHERE user_id = $1', [event.data.userId]);
      await db.query('DELETE FROM notifications WHERE user_id = $1', [event.data.userId]);
      return [];
    case 'FieldAdded':
      await db.query(
        'INSERT INTO notification_fields (field_id, time_zone) VALUES ($1, $2) ON CONFLICT (field_id) DO NOTHING',
        [event.data.fieldId, event.data.timeZone],
      );
      return [];
    case 'GameScheduled': {
      const d = event.data;
      const { rows } = await db.query<{ time_zone: string }>(
        'SELECT time_zone FROM notification_fields WHERE field_id = $1',
        [d.fieldId],
      );
      const timeZone = rows[0]?.time_zone ?? DEFAULT_FIELD_TIME_ZONE;
      const label = `${d.name} on ${whenIn(timeZone, d.startDate)}`;
      const place = `${d.fieldName} · ${d.subFieldName}`;
      await db.query(
        `INSERT INTO notification_games (game_id, label, organizer_id, owner_id, place, address, latitude, longitude, time_zone, price_cents, min_players, start_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (game_id) DO NOTHING`,
        [
          d.gameId,
          label,
          d.organizerId,
          d.ownerId,
          place,
          d.location,
          d.latitude,
          d.longitude,
          timeZone,
          d.priceCents,
          d.minPlayers,
          d.startDate,
        ],
      );
      const notices: Notice[] = [
        {
          userId: d.organizerId,
          kind: 'booking-confirmed',
          text: TEXTS.bookingConfirmed(label, place),
          link: gameLink(d.gameId),
        },
      ];
      if (d.ownerId !== d.organizerId) {
        notices.push({
          userId: d.ownerId,
          kind: 'field-booked',
          text: TEXTS.fieldBooked(d.organizerUsername, place, label),
          link: OWNER_LINK,
        });
      }
      return notices;
    }
    case 'PlayerJoined': {
      const { gameId, playerId, username } = event.data;
      await db.query(
        `INSERT INTO notification_members (game_id, player_id, username) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [gameId, playerId, username],
      );
      const game = await gameOf(db, gameId);
      if (!game) return [];
      // A rejoin with the entry the player holds is the same row.
      if (event.data.paymentId)
        await db.query(
          `INSERT INTO notification_entries (payment_id, amount_cents, held) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [event.data.paymentId, game.priceCents * (1 + event.data.guests), event.data.held === true],
        );
      const notices: Notice[] = [
        { userId: playerId, kind: 'joined', text: TEXTS.joined(game.label), link: gameLink(gameId) },
      ];
      if (playerId !== game.organizerId) {
        notices.push({
          userId: game.organizerId,
          kind: 'player-joined',
          text: TEXTS.playerJoined(username, game.label),
          link: gameLink(gameId),
        });
      }
      // The minimum is heard of once: when the count first reaches it.
      if (game.minPlayers && !game.minimumReached) {
        const count = (await membersOf(db, gameId)).length;
        if (count >= game.minPlayers) {
          await db.query('UPDATE notification_games SET minimum_reached = true WHERE game_id = $1', [gameId]);
          notices.push({
            userId: game.organizerId,
            kind: 'minimum-reached',
            text: TEXTS.minimumReached(game.label, game.minPlayers),
            link: gameLink(gameId),
          });
        }
      }
      return notices;
    }
    case 'PlayerMoved': {
      const { gameId, playerId, to, movedBy } = event.data;
      // Players moving themselves know already.
      if (movedBy === playerId) return [];
      const game = await gameOf(db, gameId);
      return game
        ? [{ userId: playerId, kind: 'moved', text: TEXTS.moved(game.label, to), link: gameLink(gameId) }]
        : [];
    }
    case 'PlayersSwitched': {
      const { gameId, incomingId, outgoingId, team, switchedBy } = event.data;
      const game = await gameOf(db, gameId);
      if (!game) return [];
      const moves: [string, 0 | 1 | 2][] = [
        [incomingId, team],
        [outgoingId, 0],
      ];
      return moves
        .filter(([playerId]) => playerId !== switchedBy)
        .map(([playerId, to]) => ({
          userId: playerId,
          kind: 'moved' as const,
          text: TEXTS.moved(game.label, to),
          link: gameLink(gameId),
        }));
    }
    case 'PlayerLeft': {
      const { gameId, playerId } = event.data;
      const { rows } = await db.query<{ username: string }>(
        'DELETE FROM notification_members WHERE game_id = $1 AND player_id = $2 RETURNING username',
        [gameId, playerId],
      );
      const game = await gameOf(db, gameId);
      if (!game || playerId === game.organizerId || !rows[0]) return [];
      return [
        {
          userId: game.organizerId,
          kind: 'player-left',
          text: TEXTS.playerLeft(rows[0].username, game.label),
          link: gameLink(gameId),
        },
      ];
    }
    case 'PlayerRemoved': {
      const { gameId, playerId, refundedPaymentId } = event.data;
      await db.query('DELETE FROM notification_members WHERE game_id = $1 AND player_id = $2', [gameId, playerId]);
      const game = await gameOf(db, gameId);
      if (!game) return [];
      // The refund is the entry in full (DESIGN §8), or a hold released (issue #45); its ledger entry may come later.
      const entry = refundedPaymentId ? await entryOf(db, refundedPaymentId) : null;
      return [
        {
          userId: playerId,
          kind: 'removed',
          text: TEXTS.removed(
            game.label,
            !refundedPaymentId
              ? null
              : entry?.held
                ? { kind: 'released' }
                : { kind: 'refunded', amountCents: entry?.amountCents ?? game.priceCents },
          ),
          link: gameLink(gameId),
        },
      ];
    }
    case 'GameCancelled': {
      const { gameId, reason, cancelledBy, entryRefunds } = event.data;
      const game = await gameOf(db, gameId);
      const members = await membersOf(db, gameId);
      await db.query('DELETE FROM notification_members WHERE game_id = $1', [gameId]);
      if (!game) return [];
      const why = cancellationWhy(reason, game.minPlayers);
      const refunded = new Set(entryRefunds.map((entry) => entry.playerId));
      // Issue #45: entries only held are released, not refunded: nothing was charged.
      const released = new Set((event.data.releasedEntries ?? []).map((entry) => entry.playerId));
      // Members now, and whoever left holding an entry that is refunded now.
      const told = new Set([...members.map((member) => member.playerId), ...refunded]);
      told.delete(game.organizerId);
      const outcome = (playerId: string): EntryOutcome =>
        refunded.has(playerId)
          ? { kind: 'refunded', amountCents: game.priceCents }
          : released.has(playerId)
            ? { kind: 'released' }
            : null;
      const notices: Notice[] = [...told].map((playerId) => ({
        userId: playerId,
        kind: 'game-cancelled' as const,
        text: TEXTS.gameCancelled(game.label, why, outcome(playerId)),
        link: gameLink(gameId),
      }));
      if (reason === 'too_few_players') {
        notices.push({
          userId: game.organizerId,
          kind: 'minimum-missed',
          text: TEXTS.minimumMissed(game.label, game.minPlayers, { refunded: refunded.size, released: released.size }),
          link: gameLink(gameId),
        });
      } else if (cancelledBy !== game.organizerId) {
        notices.push({
          userId: game.organizerId,
          kind: 'game-cancelled',
          text: TEXTS.gameCancelled(game.label, why, null),
          link: gameLink(gameId),
        });
      }
      if (game.ownerId !== cancelledBy) {
        notices.push({
          userId: game.ownerId,
          kind: 'booking-cancelled',
          text: TEXTS.bookingCancelled(game.place, game.label),
          link: OWNER_LINK,
        });
      }
      return notices;
    }
    case 'SpotOffered':
    case 'WaitlistOffered': {
      const { gameId, playerId, expiresAt } = event.data;
      const game = await gameOf(db, gameId);
      if (!game) return [];
      const deadline = whenIn(game.timeZone, expiresAt);
      const text =
        event.type === 'SpotOffered'
          ? TEXTS.spotOffered(game.label, event.data.team, deadline)
          : TEXTS.placeOffered(game.label, deadline, event.data.guests ?? 0);
      return [{ userId: playerId, kind: 'spot-offered', text, link: gameLink(gameId) }];
    }
    case 'PlayersReminded': {
      const { gameId, members } = event.data;
      const game = await gameOf(db, gameId);
      if (!game) return [];
      const mapUrl = mapLinkOf(game.latitude, game.longitude);
      return members.map((member) => ({
        userId: member.playerId,
        kind: 'reminder' as const,
        text: TEXTS.reminder(game.label, game.address, member.team),
        link: gameLink(gameId),
        map: { url: mapUrl, mailText: TEXTS.reminder(game.label, game.address, member.team, mapUrl) },
      }));
    }
    case 'PaymentReceived': {
      const { paymentId, purpose, amountCents, receiverId, payerId } = event.data;
      const game = purpose.kind === 'entry' ? await gameOf(db, purpose.gameId) : null;
      const what = game ? game.label : purpose.kind === 'entry' ? TEXTS.anEntry : TEXTS.aRental;
      await db.query('INSERT INTO notification_payments (payment_id, what) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        paymentId,
        what,
      ]);
      // A field's rental is the owner's payout; entry fees are the organizer's, who sees them on the game.
      if (purpose.kind !== 'rental' || receiverId === payerId) return [];
      return [{ userId: receiverId, kind: 'payout', text: TEXTS.payout(amountCents, what), link: OWNER_LINK }];
    }
    case 'HeldEntriesCharged':
      // The game went ahead: these entries are charged now, so giving one back later is a refund.
      await db.query('UPDATE notification_entries SET held = false WHERE payment_id = ANY($1)', [
        event.data.entries.map((entry) => entry.paymentId),
      ]);
      return [];
    case 'RefundIssued': {
      const { paymentId, payerId, amountCents } = event.data;
      const what = await paidFor(db, paymentId);
      return [
        {
          userId: payerId,
          kind: 'refunded',
          text: TEXTS.refunded(amountCents, what ?? TEXTS.anEntry),
          link: '/profile',
        },
      ];
    }
    case 'CreditGranted': {
      const { userId, amountCents, reason, gameId } = event.data;
      const game = gameId ? await gameOf(db, gameId) : null;
      const text = TEXTS.creditGranted(amountCents, reason, game?.label ?? TEXTS.anEntry);
      return [{ userId, kind: 'credit-granted', text, link: '/profile' }];
    }
    case 'PartnerApplicationSubmitted':
      await db.query(
        `INSERT INTO notification_applications (application_id, email, contact_name, applicant_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (application_id) DO NOTHING`,
        [event.data.applicationId, event.data.email, event.data.contactName, event.data.applicantId],
      );
      return [];
    case 'PartnerApplicationClaimed':
      await db.query('UPDATE notification_applications SET applicant_id = $2 WHERE application_id = $1', [
        event.data.applicationId,
        event.data.applicantId,
      ]);
      return [];
    case 'PartnerApplicationApproved':
      return [];
    case 'PartnerDecisionApplied':
      await db.query('UPDATE notification_users SET role = $2 WHERE user_id = $1', [
        event.data.userId,
        event.data.role,
      ]);
      return [
        {
          userId: event.data.userId,
          kind: 'application-decided',
          text: event.data.approved ? TEXTS.applicationApproved : TEXTS.applicationDeclined,
          link: event.data.approved ? OWNER_LINK : '/profile',
        },
      ];
    case 'WaitlistJoined':
      // Its zone is kept by keepDeliveryFacts; nobody is told.
      return [];
    case 'AttendanceMarked': {
      // Issue #44: a Late or No-show mark is news to the player; Present is what they expect.
      const { gameId, playerId, status, gameName } = event.data;
      if (status === 'present') return [];
      return [
        {
          userId: playerId,
          kind: 'attendance-marked',
          text: attendanceMarkedText(status, gameName),
          link: gameLink(gameId),
        },
      ];
    }
    case 'GameMessageSent': {
      // Issue #46: the chat's decider named whom an '@name' mentions, from the game's own stream.
      const { gameId, authorUsername, mentions } = event.data;
      if (mentions.length === 0) return [];
      const game = await gameOf(db, gameId);
      if (!game) return [];
      return mentions.map((mention) => ({
        userId: mention.userId,
        kind: 'chat-mention' as const,
        text: TEXTS.chatMention(authorUsername, game.label),
        link: `${gameLink(gameId)}#chat`,
      }));
    }
    case 'PaymentDifferenceFound': {
      const { rows } = await db.query<{ user_id: string }>(
        "SELECT user_id FROM notification_users WHERE role = 'admin' ORDER BY user_id",
      );
      return rows.map((row) => ({
        userId: row.user_id,
        kind: 'reconciliation-finding' as const,
        text: TEXTS.reconciliationFinding(event.data.paymentId, event.data.kind, event.data.resolution),
        link: ADMIN_PAYMENTS_LINK,
      }));
    }
  }
}

const mapLinkOf = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
