import { DomainError } from '../../domain/decider';
import { subFieldStream, type AvailabilityEvent } from '../../domain/availability/events';
import { gameDecider } from '../../domain/games/decider';
import { teamPlayersOf } from '../../domain/games/queries';
import { gameStream } from '../../domain/games/events';
import type { CommandDoor } from '../../infra/commands/command-door';
import { currentState } from '../../infra/commands/current-state';
import { parseEvent } from '../../infra/eventstore/schema-checked-event-store';
import { laterCheckpoint, type LogCheckpoint } from '../../infra/eventstore/checkpoint';
import type { EventMetadata } from '../../infra/eventstore/port';

/**
 * A captain's weekly series across its games (issue #30). Each week is its own game stream, so the
 * series is found where its bookings were written together: the sub-field's stream, whose SlotBooked
 * events name the series and the week (the write side reads no projection to decide).
 */
export const NOT_A_SERIES = 'This game is not part of a weekly series.';
const NO_SUCH_GAME = 'There is no game with this id.';

type SlotBooked = Extract<AvailabilityEvent, { type: 'SlotBooked' }>;

/** Every week of the game's series, in order, as booked on its sub-field. */
export async function weeksOfSeries(
  commands: Pick<CommandDoor, 'store'>,
  subFieldId: string,
  seriesId: string,
): Promise<SlotBooked['data'][]> {
  return (await commands.store.readStream(subFieldStream(subFieldId)))
    .map(parseEvent)
    .filter((event): event is SlotBooked => event.type === 'SlotBooked' && event.data.series?.seriesId === seriesId)
    .map((event) => event.data)
    .sort((a, b) => a.series!.week - b.series!.week);
}

export interface CancelledWeek {
  gameId: string;
  week: number;
  startDate: string;
  /** What the week's cancellation gives back of the series' payment: its rental, or 0 inside the field's window. */
  rentalRefundCents: number;
}

/**
 * 'Cancel the rest of the series': this week and every later one not yet over or cancelled, each with
 * the organizer's own CancelGame (the field's policy decides each week's refund, as for a single week).
 * Refused before anything is cancelled when the caller may not cancel the series.
 */
export async function cancelRestOfSeries(
  deps: { commands: CommandDoor },
  request: { gameId: string; actorId: string; actorIsAdmin: boolean; metadata: EventMetadata },
): Promise<{ cancelled: CancelledWeek[]; position: LogCheckpoint | null }> {
  const { commands } = deps;
  const game = await currentState(commands.store, gameDecider, gameStream(request.gameId), commands.streamStates);
  if (game.status === 'none') throw new DomainError('not_found', 'game_not_found', NO_SUCH_GAME);
  const { series, subFieldId, organizerId } = game.details;
  if (!series) throw new DomainError('invalid', 'not_a_series', NOT_A_SERIES);
  if (request.actorId !== organizerId && !request.actorIsAdmin)
    throw new DomainError('forbidden', 'not_your_game', 'Only the organizer can cancel this series.');
  const weeks = (await weeksOfSeries(commands, subFieldId, series.seriesId)).filter(
    (week) => week.series!.week >= series.week,
  );
  const cancelled: CancelledWeek[] = [];
  let position: LogCheckpoint | null = null;
  for (const week of weeks) {
    const state = await currentState(commands.store, gameDecider, gameStream(week.gameId), commands.streamStates);
    // Cancelled one by one before, or over already: nothing to cancel in that week.
    if (state.status !== 'scheduled' || commands.now().getTime() >= state.end) continue;
    const outcome = await commands.run({
      decider: gameDecider,
      streamId: gameStream(week.gameId),
      command: { type: 'CancelGame', actorIsAdmin: request.actorIsAdmin },
      actorId: request.actorId,
      metadata: request.metadata,
    });
    const event = outcome.events.find((candidate) => candidate.type === 'GameCancelled');
    if (event?.type !== 'GameCancelled') continue;
    cancelled.push({
      gameId: week.gameId,
      week: week.series!.week,
      startDate: week.startDate,
      rentalRefundCents: event.data.rentalRefunded ? (event.data.rentalRefundCents ?? week.rentalCents) : 0,
    });
    position = laterCheckpoint(position, outcome.position);
  }
  return { cancelled, position };
}

/**
 * The job at the end of a series week (issue #30): the players on a team as it ended become next
 * week's regulars. A cancelled week names nobody; a job run again changes nothing (NameRegulars names once).
 */
export async function nameNextWeeksRegulars(
  commands: CommandDoor,
  gameId: string,
  metadata: EventMetadata,
): Promise<void> {
  const game = await currentState(commands.store, gameDecider, gameStream(gameId), commands.streamStates);
  if (game.status !== 'scheduled' || !game.details.series) return;
  // A job a little early (clocks) waits for the end: its retry comes after it.
  if (commands.now().getTime() < game.end) throw new Error(`Game ${gameId} has not ended yet`);
  const { series, subFieldId } = game.details;
  const next = (await weeksOfSeries(commands, subFieldId, series.seriesId)).find(
    (week) => week.series!.week === series.week + 1,
  );
  // Every week is booked in the decision that booked this one: not found yet means not read yet.
  if (!next && series.week < series.weeks)
    throw new Error(`Week ${series.week + 1} of series ${series.seriesId} is not booked`);
  if (!next) return;
  await commands.run({
    decider: gameDecider,
    streamId: gameStream(next.gameId),
    command: { type: 'NameRegulars', fromGameId: gameId, regulars: teamPlayersOf(game) },
    actorId: null,
    metadata,
  });
}
