import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): phones. */
export const SMALL_SCREEN_QUERY = '(max-width: 47.99em)';

/** True on phones, where dialogs go full-screen. Read at once, so a dialog never opens at the wrong size. */
export function useSmallScreen(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
