import { Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { WEEKDAY_NAMES, type AvailabilityPreview } from '@playtime/shared/contract/availability';
import type { ChangeEvent } from 'react';
import { timeInZone, type RepeatErrors, type RepeatInputs } from './repeat';

/** The rule's values typed in a text, time or date box (the weekdays are checkboxes). */
type TypedInput = Exclude<keyof RepeatInputs, 'weekdays'>;

interface RepeatInputsProps {
  values: RepeatInputs;
  errors: RepeatErrors;
  onChange: (values: RepeatInputs) => void;
  /** The field's zone: the times are asked for in it. */
  timeZone: string;
}

/** Add Availability's 'Repeat': days of the week, times in the field's zone, start and end dates, dates to skip. */
export function RepeatFields({ values, errors, onChange, timeZone }: RepeatInputsProps) {
  const set = (patch: Partial<RepeatInputs>) => onChange({ ...values, ...patch });
  /** A typed box of the rule: its value, its error, and the rule with it changed. */
  const typed = (input: TypedInput) => ({
    value: values[input],
    error: errors[input],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set({ [input]: event.currentTarget.value }),
  });
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label="Days of the week"
        value={values.weekdays}
        onChange={(weekdays) => set({ weekdays })}
        error={errors.weekdays}
      >
        <Group gap="sm" mt={6}>
          {WEEKDAY_NAMES.map((name, index) => (
            <Checkbox key={name} value={String(index + 1)} label={name} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={2} spacing="sm">
        <TextInput type="time" label="From" step={1800} {...typed('from')} />
        <TextInput type="time" label="To" step={1800} {...typed('to')} />
        <TextInput type="date" label="Start date" {...typed('startDate')} />
        <TextInput type="date" label="End date" {...typed('endDate')} />
      </SimpleGrid>
      <TextInput label="Dates to skip" description="Holidays, e.g. 2026-12-25, 2027-01-01" {...typed('skipDates')} />
      <Text fz="xs" c="dimmed">
        Times are in the field&apos;s time zone ({timeZone}), and stay the same across daylight-saving changes.
      </Text>
    </Stack>
  );
}

/** What saving would do, before it is saved. */
export function PreviewSummary({
  preview,
  timeZone,
  action = 'add',
}: {
  preview: AvailabilityPreview;
  timeZone: string;
  action?: 'add' | 'edit' | 'delete';
}) {
  const count = action === 'add' ? preview.created : action === 'edit' ? preview.changed : preview.removed;
  const verb = action === 'add' ? 'created' : action === 'edit' ? 'changed' : 'deleted';
  const list = (windows: { startDate: string }[]) =>
    windows.map((window) => timeInZone(window.startDate, timeZone)).join('; ');
  return (
    <Stack gap={4} role="status" aria-label="Preview">
      <Text fw={600}>
        {count} window{count === 1 ? '' : 's'} will be {verb}.
      </Text>
      {preview.windows.length > 0 && (
        <Text fz="sm">
          From {timeInZone(preview.windows[0]!.startDate, timeZone)} to{' '}
          {timeInZone(preview.windows.at(-1)!.startDate, timeZone)}
        </Text>
      )}
      {preview.overlaps.length > 0 && <Text fz="sm">Overlap existing windows (refused): {list(preview.overlaps)}</Text>}
      {preview.touching.length > 0 && <Text fz="sm">Join up with existing windows: {list(preview.touching)}</Text>}
      {preview.bookings.length > 0 && (
        <Text fz="sm">
          Booked games hit: {preview.bookings.map((b) => `${b.name} (${timeInZone(b.startDate, timeZone)})`).join('; ')}
        </Text>
      )}
      {preview.refusal && (
        <Text fz="sm" c="red.8" role="alert">
          {preview.refusal.message}
        </Text>
      )}
    </Stack>
  );
}
