import ical, { ICalEventStatus } from 'ical-generator';
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
  status: string;
  /** iCalendar SEQUENCE: raised at every change, so calendar apps replace their copy. */
  sequence: number;
  /** When the game last changed as a calendar shows it (DTSTAMP). */
  changedAt: Date;
  role: 'organizer' | 'player' | 'owner' | null;
}

/**
 * An iCalendar document of games. Each game's UID is its id at the app's host, the same in every
 * feed and file, so a calendar holding it from a download and from the feed keeps one event. Times
 * are UTC instants: every calendar app shows them in its own zone. `publicUrl` has no trailing slash.
 */
export function calendarOf(games: CalendarGame[], publicUrl: string): string {
  const host = new URL(publicUrl).host;
  const calendar = ical({ name: CALENDAR_TEXTS.calendarName, prodId: { company: 'Playtime', product: 'Playtime' } });
  for (const game of games) {
    calendar.createEvent({
      id: `${game.gameId}@${host}`,
      sequence: game.sequence,
      stamp: game.changedAt,
      start: game.startDate,
      end: game.endDate,
      summary: game.name,
      location: `${game.fieldName} · ${game.subFieldName}, ${game.location}`,
      description: CALENDAR_TEXTS[game.role ?? 'anyone'],
      url: `${publicUrl}/game-details/${game.gameId}`,
      status: game.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
