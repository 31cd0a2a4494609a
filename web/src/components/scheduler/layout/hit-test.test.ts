import { describe, expect, it } from 'vitest';
import { hitTest } from './hit-test';

describe('hitTest', () => {
  const rows = [
    { top: 0, height: 56 },
    { top: 56, height: 112 },
    { top: 168, height: 56 },
  ];
  const window = { columnWidth: 50, columns: 10 };

  it('finds the resource and the column under the pointer', () => {
    expect(hitTest(10, 10, rows, window)).toEqual({ resourceIndex: 0, columnIndex: 0 });
    expect(hitTest(125, 150, rows, window)).toEqual({ resourceIndex: 1, columnIndex: 2 });
    expect(hitTest(499, 168, rows, window)).toEqual({ resourceIndex: 2, columnIndex: 9 });
  });

  it('misses outside the rows and columns', () => {
    expect(hitTest(10, 224, rows, window)).toBeNull();
    expect(hitTest(500, 10, rows, window)).toBeNull();
    expect(hitTest(-1, 10, rows, window)).toBeNull();
    expect(hitTest(10, 10, [], window)).toBeNull();
  });
});
