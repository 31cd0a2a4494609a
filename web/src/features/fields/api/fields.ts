import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { NEW_SUBFIELD_NAME, type AddFieldAnswer, type setFieldPolicyBody } from '@playtime/shared/contract/fields';
import { apiGet, apiPost, apiPostText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { availabilityKeys } from '../../../lib/availability-query-keys';
import { fieldKeys } from './query-keys';
import type { FieldPayload, OwnerField, SubField } from '../../../types/field';

/** GET /api/get-owner-fields: the owner's fields (an admin's: everyone's), by name. Loads only when logged in. */
export function useOwnerFields() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: fieldKeys.owner,
    queryFn: () => apiGet<OwnerField[]>('/api/get-owner-fields'),
    enabled: isAuthenticated,
  });
}

/**
 * After any change to a field or its sub-fields the list reloads, and so does the availability (their rows
 * are the sub-fields). The read waits for the write's position, so the change is never missing.
 */
function useReloadFields() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fieldKeys.all }),
      queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
    ]);
}

/** POST /api/add-field. Field errors are shown on the form, so the notification is the form's too. */
export function useAddField() {
  const reload = useReloadFields();
  return useMutation({
    mutationFn: (input: FieldPayload) => apiPost<AddFieldAnswer>('/api/add-field', input),
    onSuccess: reload,
  });
}

/** POST /api/edit-field. */
export function useEditField() {
  const reload = useReloadFields();
  return useMutation({
    mutationFn: (input: FieldPayload & { fieldId: string }) => apiPost('/api/edit-field', input),
    onSuccess: reload,
  });
}

/** POST /api/delete-field. */
export function useDeleteField() {
  const reload = useReloadFields();
  return useMutation({
    mutationFn: (input: { fieldId: string }) => apiPost('/api/delete-field', input),
    onSuccess: reload,
  });
}

/** POST /api/add-subfield: the answer is the new sub-field's id as plain text. */
export function useAddSubField() {
  const reload = useReloadFields();
  return useMutation({
    mutationFn: async (input: { masterFieldId: string; name: string }): Promise<SubField> => {
      const subFieldId = (await apiPostText('/api/add-subfield', input)).trim();
      return { subFieldId, name: input.name.trim() || NEW_SUBFIELD_NAME };
    },
    onSuccess: reload,
  });
}

/** POST /api/delete-subfield. */
export function useDeleteSubField() {
  const reload = useReloadFields();
  return useMutation({
    mutationFn: (input: { subFieldId: string }) => apiPost('/api/delete-subfield', input),
    onSuccess: reload,
  });
}

/** POST /api/set-field-policy: the cancellation window (null: the app's default) and, for admins, free rentals. */
export function useSetFieldPolicy() {
  const reload = useReloadFields();
  return useMutation({
    mutationFn: (input: z.input<typeof setFieldPolicyBody>) => apiPost('/api/set-field-policy', input),
    onSuccess: reload,
  });
}
