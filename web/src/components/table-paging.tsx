import { Button, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { PAGE_SIZE_OPTIONS, pagingState } from './paging';

const PAGE_SIZE_DATA = PAGE_SIZE_OPTIONS.map(String);

/** The page an admin table shows (0 first) and its rows per page, each with its setter. */
export interface TablePages {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
}

/** A server-paged admin table's place: its first page at the smallest page size. */
export function useTablePages(): TablePages {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[0]);
  return { page, pageSize, setPage, setPageSize };
}

interface TablePagingProps {
  pages: TablePages;
  total: number;
  /** The next page is still the previous one's rows, shown while it loads. */
  loading: boolean;
}

/** An admin table's footer: rows per page (10/20/50), which rows show, previous and next. */
export function TablePaging({ pages, total, loading }: TablePagingProps) {
  const { page, pageSize, setPage: onPage, setPageSize: onPageSize } = pages;
  const paging = pagingState(page, pageSize, total);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Group gap="xs">
        <Text fz="sm" c="dimmed">
          Rows per page
        </Text>
        <Select
          aria-label="Rows per page"
          data={PAGE_SIZE_DATA}
          value={String(pageSize)}
          onChange={(value) => {
            if (!value) return;
            onPageSize(Number(value));
            onPage(0);
          }}
          allowDeselect={false}
          w={80}
          size="xs"
        />
      </Group>
      <Group gap="sm">
        <Text fz="sm" c="dimmed">
          {paging.firstRow}–{paging.lastRow} of {total}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconChevronLeft size={14} />}
          disabled={!paging.hasPrevious}
          onClick={() => onPage(Math.max(0, page - 1))}
        >
          Previous
        </Button>
        <Button
          size="xs"
          variant="default"
          rightSection={<IconChevronRight size={14} />}
          disabled={!paging.hasNext || loading}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
