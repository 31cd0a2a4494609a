import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { scheduleKeys } from './query-keys';
import type { AvailabilityWindow, OwnerGameDetails, SubFieldSchedule } from './types';

/** GET /api/get-field-schedules?fieldId: every sub-field of the field with its entries. */
export function useFieldSchedules(fieldId: string | undefined) {
  return useQuery({
    queryKey: scheduleKeys.field(fieldId ?? ''),
    queryFn: () => apiGet<SubFieldSchedule[]>('/api/get-field-schedules', { fieldId }),
    enabled: Boolean(fieldId),
  });
}

/** GET /api/owner-get-game-data?gameId: the read-only Game Details dialog. */
export function useOwnerGameDetails(gameId: string | undefined) {
  return useQuery({
    queryKey: scheduleKeys.game(gameId ?? ''),
    queryFn: () => apiGet<OwnerGameDetails>('/api/owner-get-game-data', { gameId }),
    enabled: Boolean(gameId),
  });
}

/** After a successful add, edit or delete the schedule reloads (spec §4). */
function useReloadSchedules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
}

/** POST /api/add-field-schedule. */
export function useAddAvailability() {
  const reload = useReloadSchedules();
  return useMutation({
    mutationFn: (input: AvailabilityWindow & { subFieldId: string }) =>
      apiPost<{ ok: true; fieldScheduleId: string }>('/api/add-field-schedule', input),
    onSuccess: reload,
  });
}

/** POST /api/edit-field-schedule. */
export function useEditAvailability() {
  const reload = useReloadSchedules();
  return useMutation({
    mutationFn: (input: AvailabilityWindow & { fieldScheduleId: string }) => apiPost('/api/edit-field-schedule', input),
    onSuccess: reload,
  });
}

/** POST /api/delete-field-schedule. */
export function useDeleteAvailability() {
  const reload = useReloadSchedules();
  return useMutation({
    mutationFn: (input: { fieldScheduleId: string }) => apiPost('/api/delete-field-schedule', input),
    onSuccess: reload,
  });
}
