import { VisuallyHidden } from '@mantine/core';
import { useState } from 'react';

/**
 * The sentences describing what changed in `value` since the last render with another `key`, joined
 * into one announcement; '' until something changes (nothing is announced on first load). `changes`
 * compares two versions; a new `scope` (another game, another field) starts over without announcing.
 */
export function useAnnouncedChanges<T>(
  value: T,
  key: string,
  changes: (before: T, after: T) => string[],
  scope = '',
): string {
  const [seen, setSeen] = useState({ key, value, scope });
  const [message, setMessage] = useState('');
  if (seen.key !== key || seen.scope !== scope) {
    const found = seen.scope === scope ? changes(seen.value, value) : [];
    setSeen({ key, value, scope });
    if (found.length > 0) setMessage(`${found.join('. ')}.`);
  }
  return message;
}

/** A polite live region: screen readers say its text when it changes, once they finish speaking. */
export function PoliteAnnouncement({ message, testId }: { message: string; testId?: string }) {
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {message}
    </VisuallyHidden>
  );
}
