import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { notifySuccess } from '../../lib/notify';
import type { SubField } from '../fields';
import { useAddAvailability } from './api/availability';
import { AvailabilityInputs } from './availability-inputs';
import { readWindow, refusedWindowErrors, type WindowErrors, type WindowInputs } from './datetime-local';

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

/** Add Availability: Subfield, Start Date, End Date. A refused window keeps the dates typed. */
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
        // What the owner typed stays, with the server's reason beside the dates (issue 27).
        onError: (error) => setErrors(refusedWindowErrors(error)),
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
