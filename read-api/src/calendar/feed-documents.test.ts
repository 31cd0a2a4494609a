import { describe, expect, it } from 'vitest';
import { FeedDocuments } from './feed-documents';
import { calendarOf, type CalendarGame } from './ics';

const PUBLIC_URL = 'https://play.example.com';

const game = (gameId: string, sequence: number): CalendarGame => ({
  gameId,
  name: `Game ${gameId}`,
  location: '500 W 59th St',
  fieldName: 'Riverside',
  subFieldName: 'Pitch B',
  startDate: new Date('2026-12-05T10:00:00Z'),
  endDate: new Date('2026-12-05T11:00:00Z'),
  timeZone: 'America/New_York',
  status: 'scheduled',
  sequence,
  changedAt: new Date('2026-12-01T09:00:00Z'),
  role: 'player',
});

describe("a feed's calendar documents", () => {
  it('makes the document once for the same rows, and again when a game of the feed changed', () => {
    const made: CalendarGame[][] = [];
    const documents = new FeedDocuments<CalendarGame>((rows) => {
      made.push(rows);
      return rows;
    }, PUBLIC_URL);
    const rows = [game('a', 0), game('b', 2)];

    const first = documents.documentOf(rows);
    expect(first.body).toBe(calendarOf(rows, PUBLIC_URL));
    expect(first.etag).toMatch(/^"[\w-]{32}"$/);
    // The next poll of an unchanged feed reads equal rows (new objects): the same document.
    expect(documents.documentOf(rows.map((row) => ({ ...row })))).toEqual(first);
    expect(made).toHaveLength(1);

    // A changed game raises its SEQUENCE: a new document, with a new ETag.
    const changed = [game('a', 0), { ...game('b', 3), status: 'cancelled' }];
    const second = documents.documentOf(changed);
    expect(made).toHaveLength(2);
    expect(second.body).toBe(calendarOf(changed, PUBLIC_URL));
    expect(second.body).toContain('STATUS:CANCELLED');
    expect(second.etag).not.toBe(first.etag);
  });
});
