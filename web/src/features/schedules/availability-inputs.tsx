import { TextInput } from '@mantine/core';
import type { WindowErrors, WindowInputs } from './datetime-local';

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
        step={1800}
        onChange={(event) => onChange({ ...values, startDate: event.currentTarget.value })}
      />
      <TextInput
        type="datetime-local"
        label="End Date"
        value={values.endDate}
        error={errors.endDate}
        step={1800}
        onChange={(event) => onChange({ ...values, endDate: event.currentTarget.value })}
      />
    </>
  );
}
