import type { Participant } from '@playtime/shared/contract/games';
import { describe, expect, it } from 'vitest';
import { rosterChanges } from './roster-changes';

const player = (userId: string, team: 0 | 1 | 2): Participant => ({
  userId,
  username: userId.toUpperCase(),
  team,
  playTime: 0,
  playStart: null,
  checkedIn: false,
  attendance: null,
  reliability: null,
  guests: 0,
  guestNames: [],
});

describe('rosterChanges', () => {
  it('says nothing when the roster is the same', () => {
    expect(rosterChanges([player('a', 1)], [player('a', 1)])).toEqual([]);
  });

  it('names who joined, moved and left, and where to', () => {
    expect(
      rosterChanges([player('a', 1), player('b', 2), player('c', 1)], [player('a', 1), player('b', 0), player('d', 2)]),
    ).toEqual(['B moved to the sideline', 'D joined Team 2', 'C left the game']);
  });

  it('announces a player the organizer removed as removed, not as leaving', () => {
    expect(rosterChanges([player('a', 1), player('b', 0)], [player('b', 0)], ['a'])).toEqual([
      'A was removed from the game',
    ]);
  });
});
