import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { notifySuccess } from '../../lib/notify';
import { useDeleteAvailability, useEditAvailability } from './api/availability';
import type { AvailabilityEntry } from './api/types';
import { AvailabilityInputs } from './availability-inputs';
import {
  readWindow,
  refusedWindowErrors,
  toDateTimeLocal,
  type WindowErrors,
  type WindowInputs,
} from './datetime-local';

export interface EditedAvailability {
  entry: AvailabilityEntry;
  subFieldName: string;
}

const inputsOf = (entry: AvailabilityEntry): WindowInputs => ({
  startDate: toDateTimeLocal(entry.startDate),
  endDate: toDateTimeLocal(entry.endDate),
});

function EditAvailabilityBody({ edited, onClose }: { edited: EditedAvailability; onClose: () => void }) {
  const { entry, subFieldName } = edited;
  const editAvailability = useEditAvailability();
  const deleteAvailability = useDeleteAvailability();
  const [values, setValues] = useState<WindowInputs>(() => inputsOf(entry));
  const [errors, setErrors] = useState<WindowErrors>({});
  const busy = editAvailability.isPending || deleteAvailability.isPending;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const window = readWindow(values);
    if (!window.ok) {
      setErrors(window.errors);
      return;
    }
    setErrors({});
    editAvailability.mutate(
      { fieldScheduleId: entry.fieldScheduleId, startDate: window.startDate, endDate: window.endDate },
      {
        onSuccess: () => {
          notifySuccess('Availability changed.');
          onClose();
        },
        // The form goes back to the window as it is saved, with the server's reason beside the dates.
        onError: (error) => {
          setValues(inputsOf(entry));
          setErrors(refusedWindowErrors(error));
        },
      },
    );
  };

  const remove = () => {
    deleteAvailability.mutate(
      { fieldScheduleId: entry.fieldScheduleId },
      {
        onSuccess: () => {
          notifySuccess('Availability deleted.');
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label="Edit Availability">
      <Stack gap="sm">
        <TextInput label="Subfield" value={subFieldName} readOnly variant="filled" />
        <AvailabilityInputs values={values} errors={errors} onChange={setValues} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
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
        </Group>
      </Stack>
    </form>
  );
}

/** Edit Availability for a clicked 'Available' tile: change its dates or delete it. */
export function EditAvailabilityDialog({
  edited,
  onClose,
}: {
  edited: EditedAvailability | undefined;
  onClose: () => void;
}) {
  const small = useSmallScreen();
  return (
    <Modal opened={edited !== undefined} onClose={onClose} title="Edit Availability" centered fullScreen={small}>
      {edited && <EditAvailabilityBody key={edited.entry.fieldScheduleId} edited={edited} onClose={onClose} />}
    </Modal>
  );
}
