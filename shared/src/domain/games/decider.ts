/**
 * The game's decider, composed: each command decides in its file under commands/, the state and `evolve`
 * are in state.ts, and the offers a decision makes due are added by policies/offers.ts.
 */

import { decideByType, type Decider } from '../decider';
import type { GameEvent } from './events';
import { evolve, initialState, type GameState } from './state';
import type { GameCommand } from './commands/game-command';
import { scheduleGame } from './commands/schedule-game';
import { joinGame } from './commands/join-game';
import { movePlayer } from './commands/move-player';
import { switchPlayers } from './commands/switch-players';
import { leaveGame } from './commands/leave-game';
import { removePlayer } from './commands/remove-player';
import { allowPlayerBack } from './commands/allow-player-back';
import { cancelGame } from './commands/cancel-game';
import { withdrawGame } from './commands/withdraw-game';
import { withdrawPlayer } from './commands/withdraw-player';
import { acceptSpot, declineSpot, expireSpotOffer } from './commands/spot-offers';
import { expireWaitlistOffer, joinWaitlist, leaveWaitlist } from './commands/waitlist';
import { checkMinimumPlayers } from './commands/check-minimum-players';
import { addRegular, nameRegulars, removeRegular } from './commands/regulars';
import { remindPlayers } from './commands/remind-players';
import { offersAfter } from './policies/offers';
import { entriesCreditedAfter } from './commands/credit-refilled-entries';
import { checkIn } from './commands/check-in';
import { lapseEntryPayment } from './commands/lapse-entry-payment';
import { clearAttendanceMark, markAttendance, setMinReliability } from './commands/mark-attendance';

/** The decider's own types, for whoever runs it. */
export type { GameCommand } from './commands/game-command';
export type { GameState } from './state';

const decideWithoutOffers = decideByType<GameCommand, GameEvent, GameState>({
  ScheduleGame: scheduleGame,
  JoinGame: joinGame,
  MovePlayer: movePlayer,
  SwitchPlayers: switchPlayers,
  LeaveGame: leaveGame,
  RemovePlayer: removePlayer,
  AllowPlayerBack: allowPlayerBack,
  CancelGame: cancelGame,
  WithdrawGame: (command, state, context) => withdrawGame(state, command.reason, context),
  WithdrawPlayer: withdrawPlayer,
  AcceptSpot: acceptSpot,
  DeclineSpot: declineSpot,
  ExpireSpotOffer: expireSpotOffer,
  JoinWaitlist: joinWaitlist,
  LeaveWaitlist: leaveWaitlist,
  ExpireWaitlistOffer: expireWaitlistOffer,
  CheckMinimumPlayers: (_command, state, context) => checkMinimumPlayers(state, context),
  NameRegulars: nameRegulars,
  AddRegular: addRegular,
  RemoveRegular: removeRegular,
  RemindPlayers: (_command, state, context) => remindPlayers(state, context),
  CheckIn: checkIn,
  MarkAttendance: markAttendance,
  ClearAttendanceMark: clearAttendanceMark,
  SetMinReliability: setMinReliability,
  LapseEntryPayment: lapseEntryPayment,
});

export const gameDecider: Decider<GameCommand, GameEvent, GameState> = {
  initialState,

  evolve,

  // Every decision on a scheduled game is followed by the offers it makes due (a freed spot or place,
  // an offer passed on), in the same append: the line and the waitlist hold under any concurrency.
  decide(command, state, context) {
    const decided = decideWithoutOffers(command, state, context);
    if (state.status !== 'scheduled' || decided.length === 0) return decided;
    const passedOver = 'playerId' in command ? command.playerId : null;
    const windows = 'offerWindows' in command ? command.offerWindows : undefined;
    const withOffers = [...decided, ...offersAfter(state, decided, passedOver, windows, context)];
    // Issue #45: a place taken again from the line or the waitlist gives a late leaver's entry back as credit.
    return [...withOffers, ...entriesCreditedAfter(state, withOffers, context)];
  },
};
