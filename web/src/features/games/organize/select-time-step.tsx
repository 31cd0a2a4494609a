import { DEFAULT_FIELD_TIME_ZONE } from '@playtime/shared/contract/availability';
import { MAX_GAME_MINUTES, MIN_GAME_MINUTES, SLOT_MINUTES } from '@playtime/shared/domain/slot-grid';
import { ActionIcon, Alert, Box, Button, Group, ScrollArea, Slider, Stack, Text, UnstyledButton } from '@mantine/core';
import { RepeatWeekly, useSeriesWeeks } from './repeat-weekly';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNow } from '../../../hooks/use-now';
import { browserTimeZone } from '../../../lib/api-client';
import { durationLabel } from '../../../utils/game-timing';
import { stepsBetween } from '../../../utils/steps';
import { useLiveRoom } from '../../../hooks/use-live-room';
import { useSubFieldAvailability } from '../api/organize';
import { organizeKeys } from '../api/query-keys';
import {
  addDays,
  canGoToPreviousDay,
  daySlots,
  formatTimeOfDay,
  selectionOf,
  selectRun,
  spanEndLabel,
  today,
  withSelection,
  type Slot,
} from './slots';
import { useWizard } from './wizard-store';
import { LoadFailed } from '../../../components/load-failed';
import { Loading } from '../../../components/loading';

const durationText = (minutes: number) => durationLabel(new Date(0), new Date(minutes * 60_000));
const DURATION_MARKS = stepsBetween(MIN_GAME_MINUTES, MAX_GAME_MINUTES, SLOT_MINUTES).map((value) => ({
  value,
  label: durationText(value),
}));

/** The zone the wizard reads days and times in: the browser's (spec §9). */
export function wizardTimeZone(): string {
  return browserTimeZone() ?? 'UTC';
}

const SLOT_COLORS: Record<Slot['status'], { bg: string; fg: string; label: string }> = {
  0: { bg: 'var(--mantine-color-gray-2)', fg: 'var(--mantine-color-gray-6)', label: 'Unavailable' },
  1: {
    bg: 'var(--mantine-color-pitch-1, var(--mantine-color-green-1))',
    fg: 'var(--mantine-color-pitch-9, var(--mantine-color-green-9))',
    label: 'Free',
  },
  // Shade 8: white text on it reads at 5.0:1 (shade 7 only at 3.7:1, below WCAG AA).
  2: { bg: 'var(--mantine-color-pitch-8, var(--mantine-color-green-8))', fg: 'white', label: 'Selected' },
};

/** Step 1: a day, a duration and a free run of half-hour slots, kept live while the captain looks. */
export function SelectTimeStep() {
  const { state, dispatch } = useWizard();
  const navigate = useNavigate();
  const zone = wizardTimeZone();
  const now = useNow(30_000);
  const { field, subField, duration, selection } = state.draft;
  const day = state.draft.day ?? today(now, zone);
  const [takenMeanwhile, setTakenMeanwhile] = useState(false);

  useEffect(() => {
    if (!state.draft.day) dispatch({ type: 'showDay', day });
  }, [state.draft.day, day, dispatch]);

  const availability = useSubFieldAvailability(subField?.subFieldId);
  // Another captain's hold or booking on this field shows here at once.
  useLiveRoom(field ? `field:${field.fieldId}` : null, [organizeKeys.subFieldAvailability(subField?.subFieldId ?? '')]);

  const shown = useMemo(
    () => withSelection(daySlots(availability.data ?? [], day, zone, now), selection, duration),
    [availability.data, day, zone, now, selection, duration],
  );

  // A selection that no longer fits (taken meanwhile, or the longer duration runs into a booked slot) is dropped.
  // A kept one follows the duration (its end is start plus duration).
  useEffect(() => {
    if (!selection || !availability.data) return;
    if (!shown.selection) setTakenMeanwhile(true);
    if (shown.selection?.endDate !== selection.endDate) dispatch({ type: 'select', selection: shown.selection });
  }, [selection, shown.selection, availability.data, dispatch]);

  // A series keeps the field's time of day every week, as the server holds it (issue #41).
  const series = useSeriesWeeks(availability.data, field?.timeZone ?? DEFAULT_FIELD_TIME_ZONE, now);

  const click = (index: number) => {
    const next = selectionOf(selectRun(shown.slots, index, duration), duration);
    if (next) {
      setTakenMeanwhile(false);
      dispatch({ type: 'select', selection: next });
    }
  };

  const showDay = (next: string) => {
    setTakenMeanwhile(false);
    dispatch({ type: 'showDay', day: next });
  };

  return (
    <Stack gap="md">
      <Text c="dimmed" fz="sm">
        {field?.fieldName} · {subField?.name}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous day"
          disabled={!canGoToPreviousDay(day, now, zone)}
          onClick={() => showDay(addDays(day, -1))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text fw={700} ta="center">
          {dayjs(day).format('ddd, MMM D, YYYY')}
        </Text>
        <ActionIcon variant="default" size="lg" aria-label="Next day" onClick={() => showDay(addDays(day, 1))}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <Box px="xs" pb="lg">
        <Text fz="sm" fw={500} mb={4}>
          Duration: {durationText(duration)}
        </Text>
        <Slider
          min={MIN_GAME_MINUTES}
          max={MAX_GAME_MINUTES}
          step={SLOT_MINUTES}
          value={duration}
          onChange={(value) => dispatch({ type: 'setDuration', duration: value })}
          marks={DURATION_MARKS}
          label={durationText}
          thumbLabel="Duration"
        />
      </Box>
      {takenMeanwhile && (
        <Alert color="yellow" title="Your pick is no longer free">
          Part of the time you picked was just taken or does not fit this duration. Pick another time.
        </Alert>
      )}
      {availability.isPending && <Loading label="Loading the times" />}
      <LoadFailed query={availability} title="The times could not be loaded" />
      {availability.isSuccess && shown.slots.length === 0 && <Text c="dimmed">No availablility on this day.</Text>}
      {shown.slots.length > 0 && (
        <SlotList slots={shown.slots} endLabel={spanEndLabel(shown.slots, day, zone)} onClick={click} />
      )}
      <RepeatWeekly series={series} zone={zone} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fz="sm" aria-live="polite">
          {selection
            ? `Selected: ${formatTimeOfDay(Date.parse(selection.startDate), day, zone)} – ${formatTimeOfDay(Date.parse(selection.endDate), day, zone)}`
            : 'Pick a start time'}
        </Text>
        <Button disabled={!selection || series.blocksDone} onClick={() => void navigate('/organize/configure')}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

function SlotList({
  slots,
  endLabel,
  onClick,
}: {
  slots: Slot[];
  endLabel: string | null;
  onClick: (index: number) => void;
}) {
  // The list opens at the chosen slot, else at the first free one: on a phone a day's early hours
  // were a screenful of grey 'Unavailable' rows to scroll past first.
  // Once per day shown: later clicks and live changes leave the scroll where the captain put it.
  const viewport = useRef<HTMLDivElement>(null);
  const target = slots.find((slot) => slot.status === 2) ?? slots.find((slot) => slot.status === 1);
  const targetStart = useRef(target?.start);
  targetStart.current = target?.start;
  const dayStart = slots[0]?.start;
  useEffect(() => {
    const list = viewport.current;
    if (!list || dayStart === undefined || targetStart.current === undefined) return;
    const row = list.querySelector<HTMLElement>(`[data-slot-start="${targetStart.current}"]`);
    if (!row) return;
    // One row of what comes before stays in view, so the captain sees where the free time begins.
    const offset = row.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    list.scrollTop = Math.max(0, offset - 40);
  }, [dayStart]);
  return (
    <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars viewportRef={viewport}>
      {/* Room above the first slot: each time label sits half a line up, on the boundary it names. */}
      <Stack gap={2} pt={8} role="listbox" aria-label="Half-hour slots">
        {slots.map((slot, index) => {
          const look = SLOT_COLORS[slot.status];
          const time = dayjs(slot.start).format('HH:mm');
          return (
            <Group key={slot.start} gap="xs" wrap="nowrap" align="stretch" data-slot-start={slot.start}>
              <Text fz="xs" c="dimmed" w={44} style={{ flexShrink: 0, transform: 'translateY(-0.5em)' }}>
                {slot.label ?? ''}
              </Text>
              <UnstyledButton
                role="option"
                aria-selected={slot.status === 2}
                aria-disabled={slot.status === 0}
                aria-label={`${time} ${look.label}`}
                onClick={() => slot.status !== 0 && onClick(index)}
                style={{
                  flex: 1,
                  height: 28,
                  borderRadius: 4,
                  background: look.bg,
                  color: look.fg,
                  cursor: slot.status === 0 ? 'not-allowed' : 'pointer',
                  paddingInline: 8,
                  fontSize: 12,
                }}
              >
                {look.label}
              </UnstyledButton>
            </Group>
          );
        })}
        <Text fz="xs" c="dimmed" w={44}>
          {endLabel}
        </Text>
      </Stack>
    </ScrollArea.Autosize>
  );
}
