import { describe, expect, it } from 'vitest';
import { rosterHistoryFor } from './roster-privacy';

describe('rosterHistoryFor', () => {
  const history = {
    heldEntries: ['p1', 'p2'],
    removed: [
      { userId: 'p3', username: 'three', entryRefunded: true, entryReleased: false },
      { userId: 'p1', username: 'one', entryRefunded: false, entryReleased: false },
    ],
  };

  it('shows the organizer and admins everything', () => {
    expect(rosterHistoryFor({ userId: 'org', role: 'captain' }, 'org', history)).toEqual(history);
    expect(rosterHistoryFor({ userId: 'a', role: 'admin' }, 'org', history)).toEqual(history);
  });

  it('shows a signed-in player only their own, and a guest nothing', () => {
    expect(rosterHistoryFor({ userId: 'p1', role: 'player' }, 'org', history)).toEqual({
      heldEntries: ['p1'],
      removed: [{ userId: 'p1', username: 'one', entryRefunded: false, entryReleased: false }],
    });
    expect(rosterHistoryFor({ userId: 'x', role: 'field owner' }, 'org', history)).toEqual({
      heldEntries: [],
      removed: [],
    });
    expect(rosterHistoryFor(null, 'org', history)).toEqual({ heldEntries: [], removed: [] });
  });
});
