import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { AvailabilityPreview, AvailabilityScope } from '@playtime/shared/contract/availability';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { useDeleteAvailability, useEditAvailability, usePreviewAvailability } from './api/availability';
import type { AvailabilityEntry } from './api/types';
import { AvailabilityInputs } from './availability-inputs';
import {
  readWindow,
  refusedWindowErrors,
  toDateTimeLocal,
  type WindowErrors,
  type WindowInputs,
} from './datetime-local';
import { PreviewSummary } from './repeat-inputs';

export interface EditedAvailability {
  entry: AvailabilityEntry;
  subFieldName: string;
}

const inputsOf = (entry: AvailabilityEntry, timeZone: string): WindowInputs => ({
  startDate: toDateTimeLocal(entry.startDate, timeZone),
  endDate: toDateTimeLocal(entry.endDate, timeZone),
});

/** A change of a weekly set waits for its preview: what it changes, and which games it would hit. */
interface PendingSetChange {
  action: 'edit' | 'delete';
  preview: AvailabilityPreview;
  window?: { startDate: Date; endDate: Date };
}

interface EditAvailabilityBodyProps {
  edited: EditedAvailability;
  onClose: () => void;
  timeZone: string;
}

function EditAvailabilityBody({ edited, onClose, timeZone }: EditAvailabilityBodyProps) {
  const { entry, subFieldName } = edited;
  const editAvailability = useEditAvailability();
  const deleteAvailability = useDeleteAvailability();
  const previewAvailability = usePreviewAvailability();
  const [values, setValues] = useState<WindowInputs>(() => inputsOf(entry, timeZone));
  const [errors, setErrors] = useState<WindowErrors>({});
  /** One window, or (a window of a weekly set) it and every later window of its set. */
  const [scope, setScope] = useState<AvailabilityScope>('window');
  const [pending, setPending] = useState<PendingSetChange | undefined>();
  const busy = editAvailability.isPending || deleteAvailability.isPending || previewAvailability.isPending;

  const previewFirst = (action: PendingSetChange['action'], window?: PendingSetChange['window']) => {
    previewAvailability.mutate(
      { action, fieldScheduleId: entry.fieldScheduleId, scope, ...window },
      {
        onSuccess: (preview) => setPending({ action, preview, window }),
        onError: (error) => setErrors({ endDate: errorMessage(error) }),
      },
    );
  };

  const saveWindow = (window: { startDate: Date; endDate: Date }) => {
    editAvailability.mutate(
      { fieldScheduleId: entry.fieldScheduleId, ...window, scope },
      {
        onSuccess: () => {
          notifySuccess('Availability changed.');
          onClose();
        },
        // The form goes back to the window as it is saved, with the server's reason beside the dates.
        onError: (error) => {
          setPending(undefined);
          setValues(inputsOf(entry, timeZone));
          setErrors(refusedWindowErrors(error));
        },
      },
    );
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const window = readWindow(values, timeZone);
    if (!window.ok) {
      setErrors(window.errors);
      return;
    }
    setErrors({});
    const times = { startDate: window.startDate, endDate: window.endDate };
    if (scope === 'following') previewFirst('edit', times);
    else saveWindow(times);
  };

  const removeNow = () => {
    deleteAvailability.mutate(
      { fieldScheduleId: entry.fieldScheduleId, scope },
      {
        onSuccess: () => {
          notifySuccess('Availability deleted.');
          onClose();
        },
        onError: () => setPending(undefined),
      },
    );
  };
  const remove = () => (scope === 'following' ? previewFirst('delete') : removeNow());

  const confirm = () => {
    if (!pending) return;
    if (pending.action === 'delete') removeNow();
    else if (pending.window) saveWindow(pending.window);
  };

  return (
    <form onSubmit={save} noValidate aria-label="Edit Availability">
      <Stack gap="sm">
        <TextInput label="Subfield" value={subFieldName} readOnly variant="filled" />
        <AvailabilityInputs values={values} errors={errors} onChange={setValues} />
        <Text fz="xs" c="dimmed">
          Times are in the field&apos;s time zone ({timeZone}).
        </Text>
        {entry.setId !== undefined && (
          <Radio.Group
            label="This window repeats weekly. Change"
            value={scope}
            onChange={(value) => {
              setScope(value as AvailabilityScope);
              setPending(undefined);
            }}
          >
            <Stack gap={6} mt={6}>
              <Radio value="window" label="Only this window" />
              <Radio value="following" label="This and every later window of the set" />
            </Stack>
          </Radio.Group>
        )}
        {pending && <PreviewSummary preview={pending.preview} timeZone={timeZone} action={pending.action} />}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {pending && !pending.preview.refusal ? (
            <Button
              color={pending.action === 'delete' ? 'red' : undefined}
              onClick={confirm}
              loading={editAvailability.isPending || deleteAvailability.isPending}
            >
              {pending.action === 'delete'
                ? `Delete ${pending.preview.removed} windows`
                : `Change ${pending.preview.changed} windows`}
            </Button>
          ) : (
            <>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={remove}
                loading={deleteAvailability.isPending}
                disabled={busy && !deleteAvailability.isPending}
              >
                Delete Availability
              </Button>
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={editAvailability.isPending}
                disabled={busy && !editAvailability.isPending}
              >
                Edit Availability
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** Edit Availability for a clicked 'Available' tile: change its dates or delete it, or its weekly set from it on. */
export function EditAvailabilityDialog({
  edited,
  onClose,
  timeZone,
}: {
  edited: EditedAvailability | undefined;
  onClose: () => void;
  /** The field's zone: the dates are shown and typed in it. */
  timeZone: string;
}) {
  const small = useSmallScreen();
  return (
    <Modal opened={edited !== undefined} onClose={onClose} title="Edit Availability" centered fullScreen={small}>
      {edited && (
        <EditAvailabilityBody
          key={edited.entry.fieldScheduleId}
          edited={edited}
          onClose={onClose}
          timeZone={timeZone}
        />
      )}
    </Modal>
  );
}
