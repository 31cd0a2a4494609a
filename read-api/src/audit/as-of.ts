import type { StreamKind } from '@playtime/shared/contract/audit';
import { fold, type DomainEvent } from '@playtime/shared/domain/decider';
import { fieldDecider } from '@playtime/shared/domain/fields/decider';
import { gameDecider, type GameState } from '@playtime/shared/domain/games/decider';
import { playTimeAt } from '@playtime/shared/domain/games/queries';
import { ledgerDecider } from '@playtime/shared/domain/ledger/decider';
import { partnerApplicationDecider } from '@playtime/shared/domain/partners/decider';
import { availabilityDecider } from '@playtime/shared/domain/availability/decider';
import { userDecider } from '@playtime/shared/domain/users/decider';
import { chatDecider } from '@playtime/shared/domain/chat/decider';

type Folding = { initialState: () => unknown; evolve: (state: unknown, event: DomainEvent) => unknown };

/** The decider whose evolve folds each kind of stream; other streams are shown as their events only. */
const FOLDERS: Partial<Record<StreamKind, Folding>> = {
  user: userDecider as unknown as Folding,
  field: fieldDecider as unknown as Folding,
  'sub-field': availabilityDecider as unknown as Folding,
  game: gameDecider as unknown as Folding,
  payment: ledgerDecider as unknown as Folding,
  application: partnerApplicationDecider as unknown as Folding,
  chat: chatDecider as unknown as Folding,
};

/**
 * A stream's aggregate as it stood at `at`: its (upcast) events up to then, folded by the decider the
 * commands use, so the past is read by the same rules as the present. A game also gets each player's
 * play time at that moment.
 */
export function stateAsOf(kind: StreamKind, events: DomainEvent[], at: Date): unknown {
  const folding = FOLDERS[kind];
  if (!folding) return null;
  const state = fold(folding, events);
  if (kind !== 'game') return state;
  const game = state as GameState;
  if (game.status === 'none') return game;
  return {
    ...game,
    participants: game.participants.map((participant) => ({
      ...participant,
      playTime: playTimeAt(participant, at.getTime(), game.start, game.end),
    })),
  };
}
