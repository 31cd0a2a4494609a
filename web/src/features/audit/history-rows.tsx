import { Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { HistoryEvent } from '@playtime/shared/contract/audit';
import { useRef, type ReactNode } from 'react';
import { TableHead } from '../../components/table-head';

const when = (iso: string) => new Date(iso).toLocaleString();

export const historyColumns = (small: boolean) =>
  small ? ['What happened'] : ['Position', 'Time', 'Type', 'About', 'Actor', 'What happened'];

/**
 * The history's table with only the rows in view rendered (the live tail may hold thousands): a
 * spacer row above and below stands for the rest, and each row is measured as it renders, since a
 * summary may wrap.
 */
export function HistoryTable({
  events,
  small,
  onOpen,
  placeholder,
}: {
  events: HistoryEvent[];
  small: boolean;
  onOpen: (event: HistoryEvent) => void;
  placeholder: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const columns = historyColumns(small);
  const rows = useVirtualizer({
    count: events.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => (small ? 58 : 41),
    getItemKey: (index) => events[index]!.position,
    overscan: 12,
  });
  const items = rows.getVirtualItems();
  const above = items[0]?.start ?? 0;
  const below = items.length ? rows.getTotalSize() - items.at(-1)!.end : 0;

  return (
    // Focusable, so the keyboard alone can scroll the log (its rows hold no control of their own).
    <div
      ref={scroller}
      style={{ maxHeight: '70vh', overflow: 'auto' }}
      data-testid="history-scroller"
      tabIndex={0}
      role="region"
      aria-label="Event history, newest first"
    >
      <Table striped highlightOnHover miw={small ? undefined : 760} aria-label="Event history" stickyHeader>
        <TableHead columns={columns} />
        <Table.Tbody>
          {placeholder && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{placeholder}</Table.Td>
            </Table.Tr>
          )}
          {above > 0 && <tr aria-hidden style={{ height: above }} />}
          {items.map((item) => {
            const event = events[item.index]!;
            return (
              <Table.Tr
                key={item.key}
                data-index={item.index}
                ref={rows.measureElement}
                onClick={() => onOpen(event)}
                style={{ cursor: 'pointer' }}
              >
                {small ? (
                  // A phone has room for what happened, with the rest above it.
                  <Table.Td>
                    <Text fz="xs" c="dimmed">
                      #{event.position} · {when(event.time)} · {event.type}
                    </Text>
                    <Text fz="sm">{event.summary}</Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>{event.position}</Table.Td>
                    <Table.Td>{when(event.time)}</Table.Td>
                    <Table.Td>
                      <Text fz="sm" fw={500}>
                        {event.type}
                      </Text>
                    </Table.Td>
                    <Table.Td>{event.kind}</Table.Td>
                    <Table.Td>{event.actor?.email ?? event.actor?.userId ?? 'system'}</Table.Td>
                    <Table.Td>{event.summary}</Table.Td>
                  </>
                )}
              </Table.Tr>
            );
          })}
          {below > 0 && <tr aria-hidden style={{ height: below }} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}
