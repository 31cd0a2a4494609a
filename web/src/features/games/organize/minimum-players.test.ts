import { describe, expect, it } from 'vitest';
import { minimumPlayersNotice } from './minimum-players';

const terms = {
  minPlayers: 10,
  decisionHours: 3,
  startDate: '2026-06-10T18:00:00.000Z',
  cancellationWindowHours: 24,
  rentalCents: 6000,
  entries: 'refunded' as const,
};

describe('minimumPlayersNotice', () => {
  it("says the rental is kept when the decision falls inside the field's window", () => {
    expect(minimumPlayersNotice(terms)).toBe(
      "If fewer than 10 players have joined by 3 hours before the start, the game is cancelled and everyone is refunded; the $60 rental is not refunded under this field's 24-hour policy.",
    );
  });

  it('says the rental is refunded when the decision comes at or before the window', () => {
    expect(minimumPlayersNotice({ ...terms, decisionHours: 24 })).toContain(
      "the $60 rental is refunded under this field's 24-hour policy.",
    );
    expect(minimumPlayersNotice({ ...terms, decisionHours: 23 })).toContain('is not refunded');
  });

  it('says one hour, keeps cents, and leaves out a free rental or an unknown window', () => {
    expect(minimumPlayersNotice({ ...terms, decisionHours: 1, rentalCents: 0 })).toBe(
      'If fewer than 10 players have joined by 1 hour before the start, the game is cancelled and everyone is refunded.',
    );
    expect(minimumPlayersNotice({ ...terms, rentalCents: 4550 })).toContain('the $45.50 rental');
    expect(minimumPlayersNotice({ ...terms, cancellationWindowHours: null })).toContain(
      "the $60 rental follows this field's cancellation policy.",
    );
  });

  it('says what a cancellation does with the entries: held cards released, charged ones refunded (issue #45)', () => {
    expect(minimumPlayersNotice({ ...terms, rentalCents: 0, entries: 'released' })).toBe(
      'If fewer than 10 players have joined by 3 hours before the start, the game is cancelled and no card is charged.',
    );
    expect(minimumPlayersNotice({ ...terms, rentalCents: 0, entries: 'both' })).toBe(
      'If fewer than 10 players have joined by 3 hours before the start, the game is cancelled: entry fees already charged are refunded and cards only held are released.',
    );
    expect(minimumPlayersNotice({ ...terms, rentalCents: 0, entries: 'none' })).toBe(
      'If fewer than 10 players have joined by 3 hours before the start, the game is cancelled.',
    );
  });
});
