import { useEffect, useState } from 'react';

/**
 * Gives the focus back to the control that had it when the component mounted, once it unmounts. For a
 * dialog mounted only while open: Mantine's returnFocus remembers the opener only when `opened` turns
 * true, which never happens for a dialog that is born open.
 */
export function useFocusReturnOnUnmount(): void {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => () => opener?.focus({ preventScroll: true }), [opener]);
}
