/**
 * A leading-edge debounce: the first call runs at once, calls within `waitMs` of the last accepted
 * one are dropped. Navigation uses it so a burst of clicks moves once.
 */
export function createLeadingGate(waitMs: number, now: () => number = () => Date.now()) {
  let last = Number.NEGATIVE_INFINITY;
  return function tryPass(): boolean {
    const t = now();
    if (t - last < waitMs) return false;
    last = t;
    return true;
  };
}
