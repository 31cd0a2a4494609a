import { fileURLToPath } from 'node:url';
import { IDENTIFIER } from './vendor-module-patch';

/** The lock on Web Locks that the SDK is given (see the module's comment for why). */
const WEB_LOCKS_TAB_LOCK = fileURLToPath(new URL('../src/lib/auth/web-locks-tab-lock.ts', import.meta.url));

/**
 * The SDK's source with its one lock (the object it calls `acquireLock` on) created as Web Locks where
 * the browser has them, and as before elsewhere. Throws when the source does not have exactly one such
 * lock made by one `new`, so an SDK release laid out otherwise stops the build rather than keeping its
 * slow lock unnoticed.
 */
export function withWebLocks(source: string, lockModule: string = WEB_LOCKS_TAB_LOCK): string {
  const names = new Set(
    [...source.matchAll(new RegExp(`(?<![\\w$.])(${IDENTIFIER})\\.acquireLock\\(`, 'g'))].map((m) => m[1]),
  );
  const [lock, ...others] = [...names];
  if (!lock || others.length > 0)
    throw new Error(`expected one lock that acquireLock is called on, found ${names.size}`);
  const made = [
    ...source.matchAll(
      new RegExp(`\\b(const|let|var) ${lock.replace(/\$/g, '\\$')}=new (${IDENTIFIER})(\\(\\))?;`, 'g'),
    ),
  ];
  if (made.length !== 1) throw new Error(`expected the lock ${lock} to be made once with new, found ${made.length}`);
  const [declaration, keyword, lockClass] = made[0]!;
  const onWebLocks = `${keyword} ${lock}=typeof navigator<"u"&&navigator.locks?__playtimeWebLocksTabLock(navigator.locks):new ${lockClass};`;
  return `import { webLocksTabLock as __playtimeWebLocksTabLock } from ${JSON.stringify(lockModule)};\n${source.replace(declaration, () => onWebLocks)}`;
}
