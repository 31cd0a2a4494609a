/** The values a slider stops at, from `min` to `max` in steps of `step`: its marks. */
export function stepsBetween(min: number, max: number, step: number): number[] {
  return Array.from({ length: Math.floor((max - min) / step) + 1 }, (_, index) => min + index * step);
}
