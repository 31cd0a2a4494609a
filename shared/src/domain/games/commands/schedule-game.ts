import type { GameEvent } from '../events';
import type { GameState } from '../state';
import type { Command } from './game-command';

export function scheduleGame(command: Command<'ScheduleGame'>, state: GameState): GameEvent[] {
  // The booking process may schedule a game twice (a webhook and the organizer's own call): once is enough.
  if (state.status !== 'none') return [];
  return [
    {
      type: 'GameScheduled',
      data: { ...command.details, rentalPaymentId: command.rentalPaymentId, rentalCents: command.rentalCents },
    },
  ];
}
