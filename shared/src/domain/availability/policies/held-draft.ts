import { DomainError } from '../../decider';
import { formatDollars } from '../../money';
import { describeSpan, type Span } from '../rules';
import type { GameDraft } from '../events';

/**
 * The game as add-game sends it again (spec §7's draft). The hold fixed it: a field sent unchanged is
 * fine, a different one is refused, never silently ignored (DESIGN §5). Absent fields are not compared.
 */
export interface DraftAsSent {
  name?: string | undefined;
  maxPlayers?: number | undefined;
  priceCents?: number | undefined;
  startDate?: Date | undefined;
  endDate?: Date | undefined;
  /** Issue #29's choices (issue #41: compared like the rest); `minPlayers` null is 'no minimum'. */
  sidelineSize?: number | undefined;
  minPlayers?: number | null | undefined;
  decisionHours?: number | undefined;
  /** Issue #45: the guests each player may bring. */
  guestsPerPlayer?: number | undefined;
  /** The reader's IANA zone, for the held times quoted in a refusal. */
  timeZone: string;
}

const differs = <Value>(sent: Value | undefined, held: Value) => sent !== undefined && sent !== held;

/** 'sideline of 4, at least 10 players, checked 3 hours before the start' (or 'no minimum of players'). */
function sizesOf(draft: GameDraft): string {
  const sideline = draft.sidelineSize === null ? 'no sideline limit' : `sideline of ${draft.sidelineSize}`;
  const minimum =
    draft.minPlayers === null
      ? 'no minimum of players'
      : `at least ${draft.minPlayers} players, checked ${draft.decisionHours} hours before the start`;
  return `${sideline}, ${minimum}`;
}

/** Refuses an add-game draft that differs from the one the slot was held with, naming the held values. */
export function refuseChangedDraft(hold: Span & { draft: GameDraft }, sent: DraftAsSent): void {
  const { draft } = hold;
  const changed =
    (sent.name !== undefined && sent.name !== '' && sent.name !== draft.name) ||
    differs(sent.maxPlayers, draft.maxPlayers) ||
    differs(sent.priceCents, draft.priceCents) ||
    differs(sent.startDate?.getTime(), hold.start) ||
    differs(sent.endDate?.getTime(), hold.end) ||
    differs(sent.sidelineSize, draft.sidelineSize) ||
    differs(sent.minPlayers, draft.minPlayers) ||
    differs(sent.guestsPerPlayer, draft.guestsPerPlayer) ||
    // The decision time means something only with a minimum.
    (draft.minPlayers !== null && differs(sent.decisionHours, draft.decisionHours));
  if (!changed) return;
  const held = {
    name: draft.name,
    maxPlayers: String(draft.maxPlayers),
    price: formatDollars(draft.priceCents),
    time: describeSpan(hold, sent.timeZone),
    sizes: sizesOf(draft),
    guestsPerPlayer: String(draft.guestsPerPlayer),
  };
  throw new DomainError(
    'conflict',
    'draft_differs_from_hold',
    `This slot is held for "${held.name}", ${held.maxPlayers} players, entry ${held.price}, ${held.time}, ${held.sizes}. Go back and hold the slot again to change the game.`,
    held,
  );
}
