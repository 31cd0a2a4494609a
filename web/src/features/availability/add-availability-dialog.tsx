import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { formErrors } from '../../lib/api-error';
import { notifySuccess } from '../../lib/notify';
import type { SubField } from '../fields';
import { useAddAvailability } from './api/availability';
import { AvailabilityInputs } from './availability-inputs';
import { WINDOW_INPUT_OF, readWindow, type WindowErrors, type WindowInputs } from './datetime-local';

const EMPTY_WINDOW: WindowInputs = { startDate: '', endDate: '' };

interface AddAvailabilityDialogProps {
  opened: boolean;
  onClose: () => void;
  subFields: SubField[];
  subFieldId: string | undefined;
  onSubFieldChange: (subFieldId: string) => void;
  /** Called with the new window's start once it is added (the timeline moves there). */
  onAdded: (startDate: Date) => void;
}

/** Add Availability: Subfield, Start Date, End Date. The dates reset after every attempt (spec §4). */
export function AddAvailabilityDialog({
  opened,
  onClose,
  subFields,
  subFieldId,
  onSubFieldChange,
  onAdded,
}: AddAvailabilityDialogProps) {
  const small = useSmallScreen();
  const addAvailability = useAddAvailability();
  const [values, setValues] = useState<WindowInputs>(EMPTY_WINDOW);
  const [errors, setErrors] = useState<WindowErrors>({});

  const close = () => {
    setValues(EMPTY_WINDOW);
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const window = readWindow(values);
    if (!window.ok) {
      setErrors(window.errors);
      return;
    }
    if (!subFieldId) return;
    setErrors({});
    addAvailability.mutate(
      { subFieldId, startDate: window.startDate, endDate: window.endDate },
      {
        onSuccess: () => {
          notifySuccess('Availability added.');
          onAdded(window.startDate);
          close();
        },
        // The toast says why; a message about one of the dates shows at its input too.
        onError: (error) => setErrors(formErrors(error, WINDOW_INPUT_OF)),
        onSettled: () => setValues(EMPTY_WINDOW),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Add Availability" centered fullScreen={small}>
      <form onSubmit={submit} noValidate aria-label="Add Availability">
        <Stack gap="sm">
          <Select
            label="Subfield"
            data={subFields.map((subField) => ({ value: subField.subFieldId, label: subField.name }))}
            value={subFieldId ?? null}
            onChange={(value) => value && onSubFieldChange(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <AvailabilityInputs values={values} errors={errors} onChange={setValues} />
          <Text fz="xs" c="dimmed">
            Windows start and end on the hour or half hour, in your time zone.
          </Text>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={addAvailability.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
