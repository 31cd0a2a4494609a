import { unknownType } from '../decider';
import type { Booking, Hold, Span } from './rules';
import type { AvailabilityEvent, GameDraft } from './events';

/** A window as epoch milliseconds, end exclusive: a window ending 18:00 and one starting 18:00 do not overlap. */
export interface BookableWindow {
  windowId: string;
  start: number;
  end: number;
}

/** A hold as the stream remembers it: a booked or released hold stays known, so a late payment finds it. */
export interface KnownHold extends Hold {
  status: 'live' | 'released' | 'booked';
  draft: GameDraft;
  /** The first week's game once booked (a series books every week at once). */
  gameId: string | null;
  /** Every week the hold covers, the first being `start`–`end`; one for a hold of one slot. */
  occurrences: (Span & { rentalCents: number })[];
  series: { seriesId: string; regularsWindowHours: number } | null;
}

export interface AvailabilityState {
  windows: BookableWindow[];
  holds: KnownHold[];
  bookings: (Booking & { organizerId: string })[];
  /** Closed by SubFieldClosed: the sub-field was removed or its field deleted, and takes no more commands. */
  closed: boolean;
  /** Withdrawn by SubFieldWithdrawn (its owner's account was deleted): no more holds, bookings or availability. */
  withdrawn: boolean;
  /** The weekly set each window made by a repeat belongs to (AvailabilitySetAdded), by window id. */
  windowSets: Record<string, string>;
}

export const initialState = (): AvailabilityState => ({
  windows: [],
  holds: [],
  bookings: [],
  closed: false,
  withdrawn: false,
  windowSets: {},
});

export function evolve(state: AvailabilityState, event: AvailabilityEvent): AvailabilityState {
  switch (event.type) {
    case 'AvailabilityAdded':
    case 'AvailabilityChanged': {
      const { windowId, startDate, endDate } = event.data;
      const others = state.windows.filter((window) => window.windowId !== windowId);
      return { ...state, windows: [...others, { windowId, start: Date.parse(startDate), end: Date.parse(endDate) }] };
    }
    case 'AvailabilityRemoved':
      return { ...state, windows: state.windows.filter((window) => window.windowId !== event.data.windowId) };
    case 'SlotHeld': {
      const d = event.data;
      const hold: KnownHold = {
        holdId: d.holdId,
        organizerId: d.organizerId,
        start: Date.parse(d.startDate),
        end: Date.parse(d.endDate),
        expiresAt: Date.parse(d.expiresAt),
        rentalCents: d.rentalCents,
        draft: d.draft,
        status: 'live',
        gameId: null,
        occurrences: d.occurrences.map((week) => ({
          start: Date.parse(week.startDate),
          end: Date.parse(week.endDate),
          rentalCents: week.rentalCents,
        })),
        series: d.series,
      };
      return { ...state, holds: [...state.holds, hold] };
    }
    case 'HoldReleased':
      return {
        ...state,
        holds: state.holds.map((hold) => (hold.holdId === event.data.holdId ? { ...hold, status: 'released' } : hold)),
      };
    case 'SlotBooked': {
      const d = event.data;
      const booking = {
        gameId: d.gameId,
        holdId: d.holdId,
        gameName: d.draft.name,
        organizerId: d.organizerId,
        start: Date.parse(d.startDate),
        end: Date.parse(d.endDate),
      };
      return {
        ...state,
        holds: state.holds.map((hold) =>
          // A series books each week with its own event: the hold names the first week's game.
          hold.holdId === d.holdId ? { ...hold, status: 'booked', gameId: hold.gameId ?? d.gameId } : hold,
        ),
        bookings: [...state.bookings, booking],
      };
    }
    case 'BookingCancelled':
      return { ...state, bookings: state.bookings.filter((booking) => booking.gameId !== event.data.gameId) };
    case 'SubFieldClosed':
      // Its windows leave with it: read models drop them on this event.
      return { ...state, windows: [], closed: true };
    case 'SubFieldWithdrawn':
      return { ...state, withdrawn: true };
    case 'AvailabilitySetAdded': {
      const { setId, windowIds } = event.data;
      return {
        ...state,
        windowSets: { ...state.windowSets, ...Object.fromEntries(windowIds.map((id) => [id, setId])) },
      };
    }
    case 'AvailabilityDayClosed':
      // Its windows were removed or cut back by the events before it.
      return state;
    default:
      return unknownType(event);
  }
}
