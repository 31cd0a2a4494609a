import { Button, Group, Modal, Select, Stack, Switch, Text } from '@mantine/core';
import type { AvailabilityPreview } from '@playtime/shared/contract/availability';
import { useState, type FormEvent } from 'react';
import { useSmallScreen } from '../../hooks/use-small-screen';
import { notifySuccess } from '../../lib/notify';
import type { SubField } from '../../types/field';
import { useAddAvailability, usePreviewAvailability } from './api/availability';
import { errorMessage } from '../../lib/notify';
import { EMPTY_REPEAT, readRepeat, type RepeatErrors, type RepeatInputs } from './repeat';
import { PreviewSummary, RepeatFields } from './repeat-inputs';
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
  /** The field's IANA zone: Repeat asks for times in it. */
  timeZone: string;
}

/** Add Availability: Subfield, Start Date, End Date. A refused window keeps the dates typed. */
export function AddAvailabilityDialog({
  opened,
  onClose,
  subFields,
  subFieldId,
  onSubFieldChange,
  onAdded,
  timeZone,
}: AddAvailabilityDialogProps) {
  const small = useSmallScreen();
  const addAvailability = useAddAvailability();
  const [values, setValues] = useState<WindowInputs>(EMPTY_WINDOW);
  const [errors, setErrors] = useState<WindowErrors>({});
  const previewAvailability = usePreviewAvailability();
  const [repeating, setRepeating] = useState(false);
  const [repeat, setRepeat] = useState<RepeatInputs>(EMPTY_REPEAT);
  const [repeatErrors, setRepeatErrors] = useState<RepeatErrors>({});
  /** What saving the repeat would do; the repeat is saved only once its preview was seen. */
  const [preview, setPreview] = useState<AvailabilityPreview | undefined>();

  const close = () => {
    setValues(EMPTY_WINDOW);
    setErrors({});
    setRepeat(EMPTY_REPEAT);
    setRepeatErrors({});
    setPreview(undefined);
    setRepeating(false);
    onClose();
  };

  const changeRepeat = (next: RepeatInputs) => {
    setRepeat(next);
    setPreview(undefined);
  };

  const submitRepeat = () => {
    const read = readRepeat(repeat, timeZone);
    if (!read.ok) {
      setRepeatErrors(read.errors);
      return;
    }
    if (!subFieldId) return;
    setRepeatErrors({});
    const body = { subFieldId, startDate: read.startDate, endDate: read.endDate, repeat: read.repeat };
    if (!preview || preview.refusal) {
      previewAvailability.mutate(body, {
        onSuccess: setPreview,
        onError: (error) => setRepeatErrors({ weekdays: errorMessage(error) }),
      });
      return;
    }
    addAvailability.mutate(body, {
      onSuccess: () => {
        notifySuccess(`${preview.created} windows added.`);
        // The timeline moves to the first window made (the start date may fall on a day without one).
        onAdded(new Date(preview.windows[0]?.startDate ?? read.startDate));
        close();
      },
      onError: (error) => setPreview({ ...preview, refusal: { code: 'refused', message: errorMessage(error) } }),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (repeating) {
      submitRepeat();
      return;
    }
    const window = readWindow(values, timeZone);
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
          <Switch
            label="Repeat"
            checked={repeating}
            onChange={(event) => {
              setRepeating(event.currentTarget.checked);
              setPreview(undefined);
            }}
          />
          {repeating ? (
            <>
              <RepeatFields values={repeat} errors={repeatErrors} onChange={changeRepeat} timeZone={timeZone} />
              {preview && <PreviewSummary preview={preview} timeZone={timeZone} />}
            </>
          ) : (
            <>
              <AvailabilityInputs values={values} errors={errors} onChange={setValues} />
              <Text fz="xs" c="dimmed">
                Windows start and end on the hour or half hour, in the field&apos;s time zone ({timeZone}).
              </Text>
            </>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={addAvailability.isPending || previewAvailability.isPending}>
              {!repeating ? 'Submit' : preview && !preview.refusal ? `Save ${preview.created} windows` : 'Preview'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
