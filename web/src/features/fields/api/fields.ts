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
function useFieldChange<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fieldKeys.all }),
        queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
      ]),
  });
}

/** POST /api/add-field. Field errors are shown on the form, so the notification is the form's too. */
export const useAddField = () =>
  useFieldChange((input: FieldPayload) => apiPost<AddFieldAnswer>('/api/add-field', input));

/** POST /api/edit-field. */
export const useEditField = () =>
  useFieldChange((input: FieldPayload & { fieldId: string }) => apiPost('/api/edit-field', input));

/** POST /api/delete-field. */
export const useDeleteField = () => useFieldChange((input: { fieldId: string }) => apiPost('/api/delete-field', input));

/** POST /api/add-subfield: the answer is the new sub-field's id as plain text. */
export const useAddSubField = () =>
  useFieldChange(async (input: { masterFieldId: string; name: string }): Promise<SubField> => {
    const subFieldId = (await apiPostText('/api/add-subfield', input)).trim();
    return { subFieldId, name: input.name.trim() || NEW_SUBFIELD_NAME };
  });

/** POST /api/delete-subfield. */
export const useDeleteSubField = () =>
  useFieldChange((input: { subFieldId: string }) => apiPost('/api/delete-subfield', input));

/** POST /api/set-field-policy: the cancellation window (null: the app's default) and, for admins, free rentals. */
export const useSetFieldPolicy = () =>
  useFieldChange((input: z.input<typeof setFieldPolicyBody>) => apiPost('/api/set-field-policy', input));
