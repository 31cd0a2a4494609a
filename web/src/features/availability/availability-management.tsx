import { rooms } from '@playtime/shared/contract/rooms';
import { Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconMapPin } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Scheduler, type SchedulerBooking } from '../../components/scheduler';
import type { OwnerField } from '../../types/field';
import { formatHourlyPrice } from '../../utils/money';
import { useLiveRoom } from '../../hooks/use-live-room';
import { useFieldAvailability } from './api/availability';
import { availabilityKeys } from '../../lib/availability-query-keys';
import { AddAvailabilityDialog } from './add-availability-dialog';
import { EditAvailabilityDialog, type EditedAvailability } from './edit-availability-dialog';
import { GameDetailsDialog } from './game-details-dialog';
import { CloseDayForm } from './close-day-form';
import { DEFAULT_FIELD_TIME_ZONE } from '@playtime/shared/contract/availability';
import { TimelineAnnouncer } from './timeline-announcer';
import {
  LEAD_BEFORE_MS,
  OWNER_SCHEDULER_CONFIG,
  buildResources,
  findEntry,
  openingTime,
} from './availability-resources';
import { resolveSelection, selectField, type AvailabilitySelection } from './selection';

interface AvailabilityManagementProps {
  /** The owner's fields; undefined while they load. */
  fields: OwnerField[] | undefined;
  selection: AvailabilitySelection;
  onSelectionChange: (selection: AvailabilitySelection) => void;
}

const NO_ROWS: never[] = [];

/** The Schedule Management tab: 'Field Selection', Add Availability and the field's timeline. */
export function AvailabilityManagement({ fields, selection, onSelectionChange }: AvailabilityManagementProps) {
  const { field, subFieldId } = resolveSelection(fields ?? [], selection);
  const availability = useFieldAvailability(field?.fieldId);
  // Another browser's change to this field's availability appears here without a reload.
  useLiveRoom(field ? rooms.field(field.fieldId) : null, field ? [availabilityKeys.field(field.fieldId)] : []);

  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<EditedAvailability | undefined>();
  const [gameId, setGameId] = useState<string | undefined>();
  /** Where the timeline starts: with what runs now whole, or an hour before the window just added (so it shows whole, in context). */
  const [timelineStart, setTimelineStart] = useState<Date | undefined>();
  const showWindow = (startDate: Date) => setTimelineStart(new Date(startDate.getTime() - LEAD_BEFORE_MS));

  const rows = availability.data ?? NO_ROWS;
  const resources = useMemo(() => buildResources(rows), [rows]);
  // Once a field's entries are first known, the timeline opens with what runs now whole.
  const [openedFor, setOpenedFor] = useState<string | undefined>();
  if (availability.isSuccess && field && openedFor !== field.fieldId) {
    setOpenedFor(field.fieldId);
    setTimelineStart(openingTime(rows, Date.now()));
  }

  const openTile = (booking: SchedulerBooking) => {
    const clicked = findEntry(rows, booking.id);
    if (!clicked) return;
    if (clicked.entry.type === 'schedule') setEditing({ entry: clicked.entry, subFieldName: clicked.subFieldName });
    else setGameId(clicked.entry.gameId);
  };

  const fieldSelect =
    fields === undefined ? (
      <Skeleton h={36} w={280} />
    ) : fields.length === 0 ? (
      <Text c="dimmed">No Fields Available</Text>
    ) : (
      <Select
        label="Field"
        data={fields.map((candidate) => ({ value: candidate.fieldId, label: candidate.fieldName }))}
        value={field?.fieldId ?? null}
        onChange={(value) => value && onSelectionChange(selectField(fields, value))}
        allowDeselect={false}
        w={{ base: '100%', xs: 320 }}
        comboboxProps={{ withinPortal: true }}
      />
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          Field Selection
        </Title>
        <Text c="dimmed" fz="sm">
          Publish when each sub-field can be booked, and watch bookings arrive.
        </Text>
      </div>

      <Card padding="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={6} style={{ flex: '1 1 280px' }}>
            {fieldSelect}
            {field && (
              <Group gap={4} c="dimmed" wrap="nowrap">
                <IconMapPin size={14} style={{ flexShrink: 0 }} />
                <Text fz="sm" truncate>
                  {field.address}, {field.city} {field.zipCode} · {formatHourlyPrice(field.price)}
                </Text>
              </Group>
            )}
          </Stack>
          {field &&
            (field.subFields.length === 0 ? (
              <Text c="dimmed">No Subfields Available</Text>
            ) : (
              <Button leftSection={<IconCalendarPlus size={18} />} onClick={() => setAdding(true)}>
                Add Availability
              </Button>
            ))}
        </Group>
      </Card>

      {field && <TimelineAnnouncer fieldId={field.fieldId} rows={availability.data} />}
      {field && field.subFields.length > 0 && (
        <Scheduler
          data={resources}
          config={OWNER_SCHEDULER_CONFIG}
          isLoading={availability.isFetching}
          startDate={timelineStart}
          onTileClick={openTile}
        />
      )}
      {field && field.subFields.length > 0 && (
        <Card padding="lg">
          <CloseDayForm fieldId={field.fieldId} timeZone={field.timeZone} />
        </Card>
      )}

      {field && (
        <AddAvailabilityDialog
          opened={adding}
          onClose={() => setAdding(false)}
          subFields={field.subFields}
          subFieldId={subFieldId}
          onSubFieldChange={(next) => onSelectionChange({ fieldId: field.fieldId, subFieldId: next })}
          onAdded={showWindow}
          timeZone={field.timeZone}
        />
      )}
      <EditAvailabilityDialog
        edited={editing}
        onClose={() => setEditing(undefined)}
        timeZone={field?.timeZone ?? DEFAULT_FIELD_TIME_ZONE}
      />
      <GameDetailsDialog gameId={gameId} onClose={() => setGameId(undefined)} />
    </Stack>
  );
}
