import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus } from 'ical-generator';
import { LRUCache } from 'lru-cache';
import { CALENDAR_TEXTS } from '@playtime/shared/contract/calendar';

/** A game as a calendar shows it, and what the feed's owner is to it (none for a single game's file). */
export interface CalendarGame {
  gameId: string;
  name: string;
  location: string;
  fieldName: string;
  subFieldName: string;
  startDate: Date;
  endDate: Date;
  /** The field's IANA zone: the game's times are written on the pitch's own clock. */
  timeZone: string;
  status: string;
  /** iCalendar SEQUENCE: raised at every change, so calendar apps replace their copy. */
  sequence: number;
  /** When the game last changed as a calendar shows it (DTSTAMP). */
  changedAt: Date;
  role: 'organizer' | 'player' | 'owner' | null;
}

/**
 * An instant on a zone's clock, as ical-generator takes it (a TZDate), that stays itself when asked for
 * its own zone: the library asks every date for the event's zone, and a second conversion would cost as
 * much as the first (a zone's offset comes from Intl, several microseconds).
 */
class ZonedInstant extends TZDate {
  override withTimeZone(timeZone: string): TZDate {
    return timeZone === this.timeZone ? this : super.withTimeZone(timeZone);
  }
}

/**
 * Instants already on a zone's clock, kept across feeds: the same games come back in every feed of
 * their players and at every poll of a calendar app, and an instant's place on a clock never changes.
 */
const zoned = new LRUCache<string, ZonedInstant>({ max: 50_000 });
function onClockOf(timeZone: string, instant: Date): ZonedInstant {
  const key = `${timeZone} ${instant.getTime()}`;
  let date = zoned.get(key);
  if (!date) {
    date = new ZonedInstant(instant.getTime(), timeZone);
    zoned.set(key, date);
  }
  return date;
}

/**
 * An iCalendar document of games. Each game's UID is its id at the app's host, the same in every
 * feed and file, so a calendar holding it from a download and from the feed keeps one event. Times are
 * on the field's clock (`DTSTART;TZID=…`), with a VTIMEZONE for each zone the document names, so a
 * calendar shows the pitch's time whatever zone it is in. `publicUrl` has no trailing slash.
 */
export function calendarOf(games: CalendarGame[], publicUrl: string): string {
  const host = new URL(publicUrl).host;
  const calendar = ical({ name: CALENDAR_TEXTS.calendarName, prodId: { company: 'Playtime', product: 'Playtime' } });
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const game of games) {
    calendar.createEvent({
      id: `${game.gameId}@${host}`,
      sequence: game.sequence,
      stamp: game.changedAt,
      start: onClockOf(game.timeZone, game.startDate),
      end: onClockOf(game.timeZone, game.endDate),
      timezone: game.timeZone,
      summary: game.name,
      location: `${game.fieldName} · ${game.subFieldName}, ${game.location}`,
      description: CALENDAR_TEXTS[game.role ?? 'anyone'],
      url: `${publicUrl}/game-details/${game.gameId}`,
      status: game.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
