import {
  DEFAULT_REGULARS_WINDOW_HOURS,
  MAX_REGULARS_WINDOW_HOURS,
  MAX_SERIES_WEEKS,
  MIN_REGULARS_WINDOW_HOURS,
  MIN_SERIES_WEEKS,
} from '@playtime/shared/contract/series';
import { regularsWindowHoursField, repeatWeeksField } from '@playtime/shared/contract/games';
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { SubFieldAvailabilityEntry } from './slots';
import {
  keptWeeks,
  seriesWeeks,
  WEEK_STATUS_LABELS,
  weekLabel,
  type SeriesWeek,
  type WeekStatus,
} from './series-weeks';
import { useWizard } from './wizard-store';

/** A new series asks for eight weeks, a season of Tuesdays; the captain changes it. */
const DEFAULT_REPEAT_WEEKS = 8;

const STATUS_COLORS: Record<WeekStatus, string> = {
  free: 'pitch',
  held: 'yellow',
  booked: 'red',
  unavailable: 'gray',
};

const problemOf = (schema: typeof repeatWeeksField | typeof regularsWindowHoursField, value: unknown) => {
  const parsed = schema.safeParse(value === '' ? Number.NaN : value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Type a number');
};

/**
 * The weeks of the series the wizard's draft asks for, kept live from the sub-field's entries, and
 * whether they keep the Done button disabled: a kept week that is not free (the hold would be refused),
 * no week kept at all, or a number the server would refuse.
 */
export function useSeriesWeeks(entries: readonly SubFieldAvailabilityEntry[] | undefined, zone: string, now: Date) {
  const { state } = useWizard();
  const { selection, repeatWeeks, skipDates, regularsWindowHours } = state.draft;
  const weeks = useMemo(
    () =>
      selection && repeatWeeks !== null && !problemOf(repeatWeeksField, repeatWeeks)
        ? seriesWeeks(selection, repeatWeeks, entries ?? [], zone, now)
        : [],
    [selection, repeatWeeks, entries, zone, now],
  );
  const kept = keptWeeks(weeks, skipDates);
  const clashing = kept.filter((week) => week.status !== 'free');
  const weeksProblem = repeatWeeks === null ? null : problemOf(repeatWeeksField, repeatWeeks);
  const windowProblem = repeatWeeks === null ? null : problemOf(regularsWindowHoursField, regularsWindowHours);
  return {
    weeks,
    kept,
    clashing,
    weeksProblem,
    windowProblem,
    blocksDone:
      repeatWeeks !== null &&
      (weeksProblem !== null ||
        windowProblem !== null ||
        clashing.length > 0 ||
        (weeks.length > 0 && kept.length === 0)),
  };
}

/**
 * 'Repeat weekly' (issue #30): the number of weeks, each week's date and whether its slot is free,
 * held or booked (live), a box per week to drop the ones that clash, and how long last week's players
 * may join each week first.
 */
export function RepeatWeekly({ series, zone }: { series: ReturnType<typeof useSeriesWeeks>; zone: string }) {
  const { state, dispatch } = useWizard();
  const { repeatWeeks, skipDates, regularsWindowHours, selection } = state.draft;
  const on = repeatWeeks !== null;
  return (
    <Stack gap="sm">
      <Switch
        label="Repeat weekly"
        description="Book the same time on this pitch every week, in one payment"
        checked={on}
        onChange={(event) =>
          dispatch({ type: 'setRepeat', repeatWeeks: event.currentTarget.checked ? DEFAULT_REPEAT_WEEKS : null })
        }
      />
      {on && (
        <Group align="flex-start" gap="md" wrap="wrap">
          <NumberInput
            label="Number of weeks"
            min={MIN_SERIES_WEEKS}
            max={MAX_SERIES_WEEKS}
            allowDecimal={false}
            w={160}
            value={repeatWeeks}
            error={series.weeksProblem}
            onChange={(value) =>
              dispatch({ type: 'setRepeat', repeatWeeks: value === '' ? Number.NaN : Number(value) })
            }
          />
          <NumberInput
            label="Regulars join first for (hours)"
            description={`Last week's team players, before anyone else (default ${DEFAULT_REGULARS_WINDOW_HOURS})`}
            min={MIN_REGULARS_WINDOW_HOURS}
            max={MAX_REGULARS_WINDOW_HOURS}
            allowDecimal={false}
            w={260}
            value={regularsWindowHours}
            error={series.windowProblem}
            onChange={(value) => dispatch({ type: 'setRegularsWindow', hours: value })}
          />
        </Group>
      )}
      {on && !selection && (
        <Text fz="sm" c="dimmed">
          Pick a start time to see each week.
        </Text>
      )}
      {on && series.weeks.length > 0 && (
        <Stack gap={4} role="group" aria-label="Weeks of the series">
          {series.weeks.map((week) => (
            <WeekRow
              key={week.date}
              week={week}
              zone={zone}
              kept={!skipDates.includes(week.date)}
              onKeep={(keep) => dispatch({ type: 'dropWeeks', dates: [week.date], dropped: !keep })}
            />
          ))}
          <Text fz="sm" aria-live="polite">
            {series.kept.length} of {series.weeks.length} weeks kept
          </Text>
        </Stack>
      )}
      {on && series.clashing.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Some weeks are not free">
          <Text fz="sm">
            {series.clashing.map((week) => weekLabel(week, zone)).join(', ')}{' '}
            {series.clashing.length === 1 ? 'is' : 'are'} taken or outside the pitch's availability. Drop{' '}
            {series.clashing.length === 1 ? 'it' : 'them'} to book the other weeks.
          </Text>
          <Button
            size="xs"
            mt="sm"
            onClick={() =>
              dispatch({ type: 'dropWeeks', dates: series.clashing.map((week) => week.date), dropped: true })
            }
          >
            Drop the weeks that clash
          </Button>
        </Alert>
      )}
    </Stack>
  );
}

function WeekRow({
  week,
  zone,
  kept,
  onKeep,
}: {
  week: SeriesWeek;
  zone: string;
  kept: boolean;
  onKeep: (keep: boolean) => void;
}) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" data-week={week.date}>
      <Checkbox
        label={weekLabel(week, zone)}
        checked={kept}
        onChange={(event) => onKeep(event.currentTarget.checked)}
        aria-describedby={`week-status-${week.date}`}
      />
      <Badge
        id={`week-status-${week.date}`}
        color={STATUS_COLORS[week.status]}
        variant={kept ? 'light' : 'outline'}
        style={{ flexShrink: 0 }}
      >
        {kept ? WEEK_STATUS_LABELS[week.status] : 'Dropped'}
      </Badge>
    </Group>
  );
}
