import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { availabilityKeys } from '../../../lib/availability-query-keys';
import type { AvailabilityWindow, OwnerGameDetails, SubFieldTimeline } from './types';
import type {
  AvailabilityPreview,
  AvailabilityScope,
  ClosedDayAnswer,
  RepeatInput,
} from '@playtime/shared/contract/availability';

/** GET /api/get-field-schedules?fieldId: every sub-field of the field with its entries. */
export function useFieldAvailability(fieldId: string | undefined) {
  return useQuery({
    queryKey: availabilityKeys.field(fieldId ?? ''),
    queryFn: () => apiGet<SubFieldTimeline[]>('/api/get-field-schedules', { fieldId }),
    enabled: Boolean(fieldId),
  });
}

/** GET /api/owner-get-game-data?gameId: the read-only Game Details dialog. */
export function useOwnerGameDetails(gameId: string | undefined) {
  return useQuery({
    queryKey: availabilityKeys.game(gameId ?? ''),
    queryFn: () => apiGet<OwnerGameDetails>('/api/owner-get-game-data', { gameId }),
    enabled: Boolean(gameId),
  });
}

/** After a successful add, edit or delete the availability reloads (spec §4). */
function useReloadAvailability() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
}

/** POST /api/add-field-schedule. */
export function useAddAvailability() {
  const reload = useReloadAvailability();
  return useMutation({
    mutationFn: (input: AvailabilityWindow & { subFieldId: string; repeat?: RepeatInput }) =>
      apiPost<{ ok: true; fieldScheduleId: string; fieldScheduleIds?: string[] }>('/api/add-field-schedule', input),
    onSuccess: reload,
  });
}

/** POST /api/edit-field-schedule. */
export function useEditAvailability() {
  const reload = useReloadAvailability();
  return useMutation({
    mutationFn: (input: AvailabilityWindow & { fieldScheduleId: string; scope?: AvailabilityScope }) =>
      apiPost('/api/edit-field-schedule', input),
    onSuccess: reload,
  });
}

/** POST /api/delete-field-schedule. */
export function useDeleteAvailability() {
  const reload = useReloadAvailability();
  return useMutation({
    mutationFn: (input: { fieldScheduleId: string; scope?: AvailabilityScope }) =>
      apiPost('/api/delete-field-schedule', input),
    onSuccess: reload,
  });
}

/** POST /api/preview-field-schedule: what an add, edit or delete would do, saving nothing (issue #30). */
export function usePreviewAvailability() {
  return useMutation({
    mutationFn: (input: Record<string, unknown>) => apiPost<AvailabilityPreview>('/api/preview-field-schedule', input),
  });
}

/** POST /api/close-field-day: 'Closed on 25 Dec' on every sub-field of the field. */
export function useCloseFieldDay() {
  const reload = useReloadAvailability();
  return useMutation({
    mutationFn: (input: { fieldId: string; date: string }) => apiPost<ClosedDayAnswer>('/api/close-field-day', input),
    onSuccess: reload,
  });
}
