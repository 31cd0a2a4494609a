import type { TimelineWindow } from './ranges';

/** Which resource (index into the laid-out list) and column a point of the grid falls in. */
export function hitTest(
  x: number,
  y: number,
  rows: readonly { top: number; height: number }[],
  window: Pick<TimelineWindow, 'columnWidth' | 'columns'>,
): { resourceIndex: number; columnIndex: number } | null {
  if (x < 0 || y < 0) return null;
  const columnIndex = Math.floor(x / window.columnWidth);
  if (columnIndex >= window.columns) return null;
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const row = rows[mid]!;
    if (y < row.top) hi = mid - 1;
    else if (y >= row.top + row.height) lo = mid + 1;
    else return { resourceIndex: mid, columnIndex };
  }
  return null;
}
