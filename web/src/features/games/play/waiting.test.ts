import { describe, expect, it } from 'vitest';
import {
  gameIsFull,
  openSpots,
  teamsAreFull,
  inLineText,
  offerTimeLeft,
  onWaitlistText,
  ordinal,
  placeOfferText,
  spotOfferText,
} from './waiting';

describe('the line and the waitlist on the game page', () => {
  it('says places as English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
    ]);
    expect(inLineText(2)).toBe('You are 2nd in line for a team spot');
    expect(onWaitlistText(2)).toBe('You are 2nd on the waitlist');
  });

  it('counts the offer down to the second, never below zero', () => {
    const now = Date.parse('2026-06-10T18:00:00.000Z');
    expect(offerTimeLeft('2026-06-10T18:10:00.000Z', now)).toBe('10:00');
    expect(offerTimeLeft('2026-06-10T18:10:00.000Z', now - 40)).toBe('10:00');
    expect(offerTimeLeft('2026-06-10T18:01:05.000Z', now + 400)).toBe('1:05');
    expect(offerTimeLeft('2026-06-10T17:59:00.000Z', now)).toBe('0:00');
    expect(spotOfferText(2, '10:00')).toBe('A spot opened on Team 2. Take it within 10:00.');
    expect(placeOfferText('10:00')).toBe('A place opened in this game. Take it within 10:00.');
    expect(placeOfferText('10:00', 2)).toBe('Places opened for you and your 2 guests. Take them within 10:00.');
    expect(placeOfferText('10:00', 1)).toBe('Places opened for you and your guest. Take them within 10:00.');
  });

  it('is full when members and offered places reach max players plus the sideline', () => {
    const game = { playerCount: 4, sidelineCount: 1, max_players: 4, sidelineSize: 1, waitlist: [] };
    expect(gameIsFull(game)).toBe(true);
    expect(gameIsFull({ ...game, sidelineCount: 0 })).toBe(false);
    const offered = {
      userId: 'u',
      username: 'u',
      guests: 0,
      position: 1,
      offer: { expiresAt: '2026-06-10T18:10:00.000Z' },
    };
    expect(gameIsFull({ ...game, sidelineCount: 0, waitlist: [offered] })).toBe(true);
    expect(gameIsFull({ ...game, sidelineCount: 0, waitlist: [{ ...offered, offer: null }] })).toBe(false);
    // Issue #45: an offer to a party holds a place for each of its guests too.
    expect(gameIsFull({ ...game, sidelineCount: 0, playerCount: 2, waitlist: [{ ...offered, guests: 1 }] })).toBe(
      false,
    );
    expect(gameIsFull({ ...game, sidelineCount: 0, playerCount: 2, waitlist: [{ ...offered, guests: 2 }] })).toBe(true);
    expect(gameIsFull({ ...game, sidelineSize: null, sidelineCount: 9 })).toBe(false);
  });

  it('draws open spots only where a place is open, and shows the line only when the teams are full', () => {
    const game = { playerCount: 0, max_players: 14, line: [] };
    expect(openSpots(0, game)).toBe(14);
    expect(openSpots(7, { ...game, playerCount: 14 })).toBe(0);
    expect(openSpots(13, { ...game, playerCount: 13 })).toBe(1);
    expect(openSpots(3, { ...game, max_players: 22, playerCount: 3 })).toBe(12);
    // A spot offered to the first in line is theirs, not open to anyone.
    const offered = {
      userId: 'u',
      username: 'u',
      position: 1,
      offer: { team: 1 as const, expiresAt: '2026-06-10T18:10:00.000Z' },
    };
    expect(openSpots(6, { ...game, playerCount: 13, line: [offered] })).toBe(0);
    expect(teamsAreFull({ ...game, playerCount: 13 })).toBe(false);
    expect(teamsAreFull({ ...game, playerCount: 14 })).toBe(true);
  });
});
