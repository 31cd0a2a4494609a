import type { AttendanceStatus, CheckInCode } from '@playtime/shared/contract/attendance-texts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { msUntilNextCode } from '../check-in/attendance';
import { useGameCommand } from './play';
import { playKeys } from './query-keys';

/**
 * GET /api/check-in-code?gameId (the organizer and admins): the code shown now, asked again when it
 * expires by the server's clock (`clockOffsetMs`: how far the server's clock is ahead of the browser's).
 */
export function useCheckInCode(gameId: string, clockOffsetMs: number) {
  return useQuery({
    queryKey: playKeys.checkInCode(gameId),
    queryFn: () => apiGet<CheckInCode>('/api/check-in-code', { gameId }),
    refetchInterval: (query) =>
      query.state.data ? msUntilNextCode(query.state.data.expiresAt, Date.now() + clockOffsetMs) : false,
    refetchIntervalInBackground: true,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** POST /api/check-in {gameId, code}: `code` is the six digits typed or the scanned QR code's text. */
export const useCheckIn = (gameId: string) =>
  useGameCommand(gameId, (code: string) => apiPost('/api/check-in', { gameId, code }));

/** POST /api/mark-attendance (the organizer and admins). */
export const useMarkAttendance = (gameId: string) =>
  useGameCommand(gameId, ({ participantId, status }: { participantId: string; status: AttendanceStatus }) =>
    apiPost('/api/mark-attendance', { gameId, participantId, status }),
  );
