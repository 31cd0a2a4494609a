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

type WindowInput = keyof WindowInputs;

/** Start Date and End Date as datetime-local inputs (the browser's time zone). */
export function AvailabilityInputs({ values, errors, onChange }: AvailabilityInputsProps) {
  /** One end of the window: its picker, its value and error, and the window with it changed. */
  const dateInput = (input: WindowInput, label: string) => (
    <TextInput
      type="datetime-local"
      label={label}
      value={values[input]}
      error={errors[input]}
      step={SLOT_SECONDS}
      onChange={(event) => onChange({ ...values, [input]: event.currentTarget.value })}
    />
  );
  return (
    <>
      {dateInput('startDate', 'Start Date')}
      {dateInput('endDate', 'End Date')}
    </>
  );
}
