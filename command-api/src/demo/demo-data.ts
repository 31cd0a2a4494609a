/**
 * What a fresh standalone start shows every role (DESIGN §7 demo data): the demo owner's field with two
 * pitches and a week of availability, and two of the demo organizer's games on it, one live now and one
 * tomorrow evening, both booked through the same deciders, payments and booking process as any other.
 * Seeded once: the field's id is fixed, and a field that exists means the demo was seeded before.
 */
import { DEFAULT_DECISION_HOURS, DEFAULT_SIDELINE_SIZE } from '@playtime/shared/domain/games/rules';
import { DEFAULT_GUESTS_PER_PLAYER } from '@playtime/shared/domain/games/policies/guests';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import dayjs from 'dayjs';
import type pg from 'pg';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DomainError, type Decider, type DomainEvent } from '@playtime/shared/domain/decider';
import { fieldDecider } from '@playtime/shared/domain/fields/decider';
import { fieldStream } from '@playtime/shared/domain/fields/events';
import { rentalCentsFor } from '@playtime/shared/domain/availability/rules';
import { availabilityDecider } from '@playtime/shared/domain/availability/decider';
import type { SeriesRequest, SubFieldRef } from '@playtime/shared/domain/availability/commands/types';
import { subFieldStream, type GameDraft } from '@playtime/shared/domain/availability/events';
import { commandDoorOf, type CommandDoor } from '@playtime/shared/infra/commands/command-door';
import type { EventStore } from '@playtime/shared/infra/eventstore/port';
import { currentState } from '@playtime/shared/infra/commands/current-state';
import { userDecider } from '@playtime/shared/domain/users/decider';
import { userStream } from '@playtime/shared/domain/users/events';
import { bookHeldSlot } from '@playtime/shared/game-loop/book-held-slot/booking';
import { nameNextWeeksRegulars } from '@playtime/shared/game-loop/weekly-series/series';
import { MAX_REGULARS_WINDOW_HOURS, weeklySpans } from '@playtime/shared/domain/availability/series';
import { gameDecider } from '@playtime/shared/domain/games/decider';
import { gameStream } from '@playtime/shared/domain/games/events';
import type { Geocoder } from '@playtime/shared/infra/geocoding/port';
import { userIdFor } from '@playtime/shared/infra/http/current-user';
import { stableId } from '@playtime/shared/infra/ids';
import { uploadedPictureUrl } from '@playtime/shared/domain/pictures/addresses';
import { savePicture } from '@playtime/shared/infra/pictures/picture-store';
import { reEncodePicture } from '@playtime/shared/infra/pictures/re-encode';
import type { Payments } from '@playtime/shared/game-loop/payments/setup';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The demo lives in New York, like its ZIP code: its days and evenings are New York's. */
const DEMO_ZONE = 'America/New_York';
const DEMO_FIELD = {
  name: 'Riverside Park Fields',
  address: '500 W 59th St',
  zipCode: '10019',
  city: 'New York',
  pricePerHourCents: 4000,
  description: 'Two floodlit artificial-grass pitches by the river. Changing rooms and water on site.',
};
/**
 * The demo field's photo: a floodlit artificial-grass pitch seen from the stand, drawn here (no photo
 * of a real place) and uploaded at seeding as an owner's photo would be.
 */
const DEMO_FIELD_PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#16304f"/>
      <stop offset="1" stop-color="#5d84b0"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff6cc" stop-opacity="0.95"/>
      <stop offset="1" stop-color="#fff6cc" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <path d="M0 330 L1200 330 L1200 290 L900 260 L300 260 L0 290 Z" fill="#34445a"/>
  <g stroke="#c9d3df" stroke-width="8">
    <line x1="120" y1="330" x2="120" y2="110"/>
    <line x1="1080" y1="330" x2="1080" y2="110"/>
  </g>
  <rect x="80" y="80" width="80" height="34" rx="6" fill="#eef2f7"/>
  <rect x="1040" y="80" width="80" height="34" rx="6" fill="#eef2f7"/>
  <circle cx="120" cy="96" r="90" fill="url(#glow)"/>
  <circle cx="1080" cy="96" r="90" fill="url(#glow)"/>
  <g>
    <path d="M0 330 L1200 330 L1200 800 L0 800 Z" fill="#23924c"/>
    <path d="M0 400 L1200 400 L1200 480 L0 480 Z" fill="#2aa257"/>
    <path d="M0 570 L1200 570 L1200 680 L0 680 Z" fill="#2aa257"/>
  </g>
  <g fill="none" stroke="#f4f7f2" stroke-width="6">
    <path d="M180 350 L1020 350 L1180 780 L20 780 Z"/>
    <line x1="600" y1="350" x2="600" y2="780"/>
    <ellipse cx="600" cy="540" rx="150" ry="70"/>
    <path d="M143 450 L290 450 L320 680 L57 680"/>
    <path d="M1057 450 L910 450 L880 680 L1143 680"/>
  </g>
  <circle cx="600" cy="540" r="8" fill="#f4f7f2"/>
  <g fill="#f4f7f2">
    <circle cx="700" cy="610" r="14"/>
  </g>
</svg>`;
const DAY_START_HOUR = 8;
const DAY_END_HOUR = 22;
const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: dayjs().year() + 5, cvc: '123' };

export interface DemoPeople {
  ownerId: string;
  organizerId: string;
  organizerUsername: string;
  /** The demo player, who played in the weekly series' last week (issue #30); absent, the series has no regulars. */
  player?: { playerId: string; username: string } | undefined;
}

export interface DemoDataDependencies {
  store: EventStore;
  /** Where uploaded pictures are kept (the demo field's photo). */
  pool: pg.Pool;
  /** The process's door for commands (a door of the seed's own on `store` when none is given). */
  commands?: CommandDoor;
  geocoder: Geocoder;
  payments: Pick<Payments, 'processor' | 'simulated'>;
  cancellationWindowHours: number;
  holdMinutes: number;
}

const metadata = (userId: string) => ({ userId, correlationId: 'demo-data', causationId: null });

/** One command, decided as `actorId` at `now`, with ids drawn from `ids` (fixed, so the seed is repeatable). */
async function decide<Command extends { type: string }, Event extends DomainEvent, State>(
  commands: CommandDoor,
  decider: Decider<Command, Event, State>,
  streamId: string,
  command: Command,
  options: { actorId: string; now: Date; ids?: string[] },
): Promise<Event[]> {
  const ids = [...(options.ids ?? [])];
  const outcome = await commands.run({
    decider,
    streamId,
    command,
    now: options.now,
    newId: () => ids.shift() ?? randomUUID(),
    actorId: options.actorId,
    metadata: metadata(options.actorId),
  });
  return outcome.events;
}

/** A paid booking of a slot by the organizer: hold, a 4242… payment through the processor, book. */
async function bookDemoGame(
  deps: DemoDataDependencies & { commands: CommandDoor },
  people: DemoPeople,
  subField: SubFieldRef,
  slot: { start: number; end: number },
  draft: GameDraft,
  decidedAt: Date,
  series?: SeriesRequest,
): Promise<string[]> {
  const holdId = stableId('demo-hold', subField.subFieldId, String(slot.start));
  const weekRentalCents = rentalCentsFor(DEMO_FIELD.pricePerHourCents, slot);
  // A weekly series pays every week's rental in one payment.
  const rentalCents = weekRentalCents * (series?.repeatWeeks ?? 1);
  await decide(
    deps.commands,
    availabilityDecider,
    subFieldStream(subField.subFieldId),
    {
      type: 'HoldSlot',
      subField,
      startDate: new Date(slot.start),
      endDate: new Date(slot.end),
      rentalCents: weekRentalCents,
      holdMinutes: deps.holdMinutes,
      draft,
      series,
    },
    { actorId: people.organizerId, now: decidedAt, ids: [holdId, stableId('demo-series', holdId)] },
  );
  const created = await deps.payments.processor.createPayment({
    amountCents: rentalCents,
    currency: 'usd',
    purpose: { kind: 'rental', holdId, subFieldId: subField.subFieldId },
    payerId: people.organizerId,
    receiverId: people.ownerId,
    idempotencyKey: `demo-${holdId}`,
  });
  // The embedded processor takes the test card here; with another processor the demo books no games.
  const confirmation = await deps.payments.simulated?.confirm(created.clientSecret, TEST_CARD);
  if (!confirmation?.ok || confirmation.status !== 'succeeded') return [];
  const { gameIds } = await bookHeldSlot(
    { commands: deps.commands, now: () => decidedAt },
    {
      subField,
      holdId,
      payment: { paymentId: created.paymentId, payerId: people.organizerId, amountCents: rentalCents, holdId },
      actorId: people.organizerId,
      cancellationWindowHours: deps.cancellationWindowHours,
      metadata: metadata(people.organizerId),
    },
  );
  return gameIds;
}

/** The demo owner and captain among the identities registered at start, by their demo emails. */
export async function demoPeople(
  store: EventStore,
  accounts: { issuer: string; subject: string; email: string }[],
): Promise<DemoPeople | null> {
  const idOf = (email: string) => {
    const account = accounts.find((candidate) => candidate.email === email);
    return account ? userIdFor({ iss: account.issuer, sub: account.subject }) : null;
  };
  const ownerId = idOf('owner@playtime.test');
  const organizerId = idOf('captain@playtime.test');
  const playerId = idOf('player@playtime.test');
  if (!ownerId || !organizerId) return null;
  // The account's own stream names it (the write side reads no read model).
  const usernameOf = async (userId: string) => {
    const user = await currentState(store, userDecider, userStream(userId));
    return user.status === 'active' ? user.username : undefined;
  };
  const organizerUsername = await usernameOf(organizerId);
  const playerUsername = playerId ? await usernameOf(playerId) : undefined;
  if (!organizerUsername) return null;
  return {
    ownerId,
    organizerId,
    organizerUsername,
    player: playerId && playerUsername ? { playerId, username: playerUsername } : undefined,
  };
}

export async function seedDemoData(deps: DemoDataDependencies, people: DemoPeople, now = new Date()): Promise<boolean> {
  const fieldId = stableId('demo', 'field');
  if ((await deps.store.readStream(fieldStream(fieldId))).length > 0) return false;
  const commands = commandDoorOf(deps);
  const place = await deps.geocoder.geocodeZip(DEMO_FIELD.zipCode);
  if (!place) throw new Error(`The demo field's ZIP code ${DEMO_FIELD.zipCode} is not in the gazetteer`);
  const owner = { actorId: people.ownerId, now };
  // Drawn as a camera's picture would be uploaded: the same re-encoding and store as POST /api/upload-picture.
  const photo = await reEncodePicture(await sharp(Buffer.from(DEMO_FIELD_PHOTO)).png().toBuffer());
  const picture = uploadedPictureUrl(await savePicture(deps.pool, photo, people.ownerId));
  await decide(
    commands,
    fieldDecider,
    fieldStream(fieldId),
    {
      type: 'AddField',
      fieldId,
      form: { ...DEMO_FIELD, picture },
      coordinates: { latitude: place.latitude, longitude: place.longitude },
    },
    owner,
  );
  const pitches: SubFieldRef[] = [];
  for (const name of ['Pitch A', 'Pitch B']) {
    const subFieldId = stableId('demo', 'sub-field', name);
    await decide(
      commands,
      fieldDecider,
      fieldStream(fieldId),
      { type: 'AddSubField', name, actorIsAdmin: false },
      { ...owner, ids: [subFieldId] },
    );
    pitches.push({ subFieldId, fieldId, ownerId: people.ownerId, name });
  }
  const [pitchA, pitchB] = pitches as [SubFieldRef, SubFieldRef];

  // The live game: on Pitch B, from the last half hour before now for two hours, in a window of its own.
  const halfHour = 30 * 60_000;
  const liveStart = Math.floor(now.getTime() / halfHour) * halfHour - halfHour;
  const live = { start: liveStart, end: liveStart + 4 * halfHour };
  // Decided as of just before it began, as an organizer would have booked it: a slot that has begun cannot be booked now.
  const bookedAt = new Date(liveStart - 10 * 60_000);

  // A week of availability, 08:00–22:00 New York time; Pitch B's today is the live game's own window.
  const today = dayjs(now).tz(DEMO_ZONE).startOf('day');
  for (let day = 0; day < 7; day++) {
    const date = today.add(day, 'day');
    const window = { start: date.hour(DAY_START_HOUR).valueOf(), end: date.hour(DAY_END_HOUR).valueOf() };
    for (const pitch of pitches) {
      if (pitch === pitchB && day === 0) continue;
      const add = {
        type: 'AddAvailability' as const,
        subField: pitch,
        startDate: new Date(window.start),
        endDate: new Date(window.end),
        actorIsAdmin: false,
        timeZone: DEMO_ZONE,
        maxDaysAhead: 365,
      };
      await decide(commands, availabilityDecider, subFieldStream(pitch.subFieldId), add, owner).catch(
        (error: unknown) => {
          // Today's window is already over late in the evening: the week starts tomorrow then.
          if (!(error instanceof DomainError && error.code === 'in_the_past')) throw error;
        },
      );
    }
  }
  await decide(
    commands,
    availabilityDecider,
    subFieldStream(pitchB.subFieldId),
    {
      type: 'AddAvailability',
      subField: pitchB,
      startDate: new Date(live.start),
      endDate: new Date(live.end),
      actorIsAdmin: false,
      timeZone: DEMO_ZONE,
      maxDaysAhead: 365,
    },
    { ...owner, now: bookedAt },
  );

  const draft = (name: string, priceCents: number): GameDraft => ({
    name,
    organizerUsername: people.organizerUsername,
    maxPlayers: 14,
    priceCents,
    picture: '',
    sidelineSize: DEFAULT_SIDELINE_SIZE,
    minPlayers: null,
    decisionHours: DEFAULT_DECISION_HOURS,
    guestsPerPlayer: DEFAULT_GUESTS_PER_PLAYER,
  });
  await bookDemoGame({ ...deps, commands }, people, pitchB, live, draft('Riverside Pick-up (live now)', 500), bookedAt);
  const tomorrowEvening = today.add(1, 'day').hour(18);
  await bookDemoGame(
    { ...deps, commands },
    people,
    pitchA,
    { start: tomorrowEvening.valueOf(), end: tomorrowEvening.add(90, 'minute').valueOf() },
    draft('Tomorrow Night Five-a-Side', 500),
    now,
  );
  await seedWeeklySeries({ ...deps, commands }, people, pitchA, today, now, draft('Weekly Regulars', 0));
  return true;
}

/** The weekly series: eight weeks, the same evening each week, and its length of 90 minutes. */
const SERIES_WEEKS = 8;
const SERIES_HOUR = 18;
const SERIES_MINUTES = 90;

/**
 * Issue #30: the captain's weekly series on Pitch A, eight weeks from yesterday evening (New York). The
 * demo player played on Team 1 yesterday, so this week's game is theirs to join first for 48 hours (their
 * profile says 'Join next …'), after which it opens to everyone. Booked as of yesterday, as the captain
 * would have; the weeks' evenings get availability of their own (this week's is in the week seeded above).
 */
async function seedWeeklySeries(
  deps: DemoDataDependencies & { commands: CommandDoor },
  people: DemoPeople,
  pitch: SubFieldRef,
  today: dayjs.Dayjs,
  now: Date,
  draft: GameDraft,
): Promise<void> {
  const first = today.subtract(1, 'day').hour(SERIES_HOUR);
  const slot = { start: first.valueOf(), end: first.add(SERIES_MINUTES, 'minute').valueOf() };
  const bookedAt = new Date(slot.start - 60 * 60_000);
  const weeks = weeklySpans(slot, SERIES_WEEKS, DEMO_ZONE);
  const windowOf = (week: { start: number }) => ({
    start: week.start - 60 * 60_000,
    end: week.start + 3 * 60 * 60_000,
  });
  for (const [index, week] of weeks.entries()) {
    // This week's evening lies in the week of availability seeded above.
    if (index === 1) continue;
    const window = windowOf(week);
    await decide(
      deps.commands,
      availabilityDecider,
      subFieldStream(pitch.subFieldId),
      {
        type: 'AddAvailability',
        subField: pitch,
        startDate: new Date(window.start),
        endDate: new Date(window.end),
        actorIsAdmin: false,
        timeZone: DEMO_ZONE,
        maxDaysAhead: 365,
      },
      { actorId: people.ownerId, now: new Date(bookedAt.getTime() - 60 * 60_000) },
    );
  }
  const gameIds = await bookDemoGame(deps, people, pitch, slot, draft, bookedAt, {
    repeatWeeks: SERIES_WEEKS,
    skipDates: [],
    timeZone: DEMO_ZONE,
    regularsWindowHours: MAX_REGULARS_WINDOW_HOURS,
  });
  const [lastWeek] = gameIds;
  if (!lastWeek || !people.player) return;
  // The demo player on Team 1 of last week's game, ten minutes in.
  const playedAt = new Date(slot.start + 10 * 60_000);
  await decide(
    deps.commands,
    gameDecider,
    gameStream(lastWeek),
    { type: 'JoinGame', playerId: people.player.playerId, username: people.player.username, team: 1, payment: null },
    { actorId: people.player.playerId, now: playedAt },
  );
  // What the job at last week's end does (it may have run before the player's join was written).
  if (now.getTime() >= slot.end) await nameNextWeeksRegulars(deps.commands, lastWeek, metadata(people.organizerId));
}
