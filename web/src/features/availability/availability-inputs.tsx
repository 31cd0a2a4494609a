import { TextInput } from '@mantine/core';
import { SLOT_MINUTES } from '@playtime/shared/domain/slot-grid';
import type { WindowErrors, WindowInputs } from './datetime-local';

/** The pickers step by the booking grid's half hours. */
const SLOT_SECONDS = SLOT_MINUTES * 60;

interface AvailabilityInputsProps {
  values: WindowInputs;
  errors: WindowErrors;
  onChange: (values: WindowInputs) => void;
}

/** Start Date and End Date as datetime-local inputs (the browser's time zone). */
export function AvailabilityInputs({ values, errors, onChange }: AvailabilityInputsProps) {
  return (
    <>
      <TextInput
        type="datetime-local"
        label="Start Date"
        value={values.startDate}
        error={errors.startDate}
        step={SLOT_SECONDS}
        onChange={(event) => onChange({ ...values, startDate: event.currentTarget.value })}
      />
      <TextInput
        type="datetime-local"
        label="End Date"
        value={values.endDate}
        error={errors.endDate}
        step={SLOT_SECONDS}
        onChange={(event) => onChange({ ...values, endDate: event.currentTarget.value })}
      />
    </>
  );
}
