/**
 * Issue #44: a player's reliability and the no-show ban, from the attendance their own stream records.
 * One rule for the join decision (which folds the player's stream) and the read side (which reads the
 * same records from its read model).
 */
import {
  ATTENDANCE_WEIGHT,
  RELIABILITY_GAMES_COUNTED,
  RELIABILITY_MIN_GAMES,
  type AttendanceStatus,
} from '../games/attendance-rules';

export interface AttendanceRecord {
  gameId: string;
  status: AttendanceStatus;
  startDate: string;
}

/** The ban's settings (NO_SHOW_BAN_COUNT, NO_SHOW_BAN_WINDOW_DAYS, NO_SHOW_BAN_DAYS). */
export interface NoShowBan {
  count: number;
  windowDays: number;
  days: number;
}

export const DEFAULT_NO_SHOW_BAN: NoShowBan = { count: 2, windowDays: 30, days: 7 };

/** What a join decision needs to know of the player: their reliability, and until when a ban holds. */
export interface PlayerStanding {
  percent: number;
  games: number;
  /** No-shows at games that started within the ban's window before now. */
  noShows: number;
  /** Those games, latest first (an admin may clear their marks). */
  noShowGameIds: string[];
  /** Games starting before this instant are refused (ISO); null: no ban. */
  bannedUntil: string | null;
}

const DAY = 86_400_000;

/**
 * The mean weight of the last RELIABILITY_GAMES_COUNTED marked games as a whole percent (100 with
 * none: a new player), how many games are marked, the recent no-shows and the ban they bring.
 */
export function standingOf(records: readonly AttendanceRecord[], nowMs: number, ban: NoShowBan): PlayerStanding {
  const latestFirst = [...records].sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate));
  const counted = latestFirst.slice(0, RELIABILITY_GAMES_COUNTED);
  const weight = counted.reduce((sum, record) => sum + ATTENDANCE_WEIGHT[record.status], 0);
  const percent = counted.length === 0 ? 100 : Math.round((100 * weight) / counted.length);
  const recentNoShows = latestFirst.filter(
    (record) =>
      record.status === 'no_show' &&
      Date.parse(record.startDate) > nowMs - ban.windowDays * DAY &&
      Date.parse(record.startDate) <= nowMs,
  );
  const latest = recentNoShows[0];
  const bannedUntil =
    latest && recentNoShows.length >= ban.count
      ? new Date(Date.parse(latest.startDate) + ban.days * DAY).toISOString()
      : null;
  return {
    percent,
    games: records.length,
    noShows: recentNoShows.length,
    noShowGameIds: recentNoShows.map((record) => record.gameId),
    bannedUntil,
  };
}

/** A roster shows reliability from RELIABILITY_MIN_GAMES marked games on. */
export const rosterReliabilityOf = (standing: Pick<PlayerStanding, 'percent' | 'games'>) =>
  standing.games < RELIABILITY_MIN_GAMES ? null : { percent: standing.percent, games: standing.games };
