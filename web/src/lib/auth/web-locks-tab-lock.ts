/**
 * The lock the identity SDK takes around a silent token request, so that two tabs of the app do not
 * both renew the session at once, kept on the browser's Web Locks (`navigator.locks`). The SDK's own
 * lock (browser-tabs-lock, on localStorage) waits 30 ms, then up to 25 ms more, then 30 ms again
 * before it holds a lock, and a returning member's first page takes two of them (the token, then the
 * hidden frame): 120-170 ms before the session check even starts. A Web Lock is granted at once when
 * no tab holds it, and is let go by itself when its tab closes. The build hands this lock to the SDK
 * (web/build-tools/auth0-sdk.ts), in browsers that have Web Locks.
 */

/** What the SDK asks of its lock. */
export interface TabLock {
  /** True once this tab holds `key`; false when another tab held it for `timeoutMs`. */
  acquireLock(key: string, timeoutMs?: number): Promise<boolean>;
  /** Lets `key` go, if this tab holds it. */
  releaseLock(key: string): Promise<void>;
}

/** The SDK's own default wait for a lock. */
const DEFAULT_TIMEOUT_MS = 5000;

export function webLocksTabLock(locks: LockManager): TabLock {
  /** For each key this tab holds, the ends of its holds in the order they were granted. */
  const releases = new Map<string, Array<() => void>>();
  return {
    acquireLock(key, timeoutMs = DEFAULT_TIMEOUT_MS) {
      return new Promise<boolean>((resolve) => {
        const giveUp = new AbortController();
        const timer = setTimeout(() => giveUp.abort(), timeoutMs);
        locks
          .request(key, { signal: giveUp.signal }, () => {
            clearTimeout(timer);
            // The SDK goes on in a task of its own, as after its own lock's last wait: continuing inside
            // the grant made one long task of the hidden frame's start and the page's render, and the
            // search page's total blocking time in Lighthouse went from 120-232 ms to 266-297 ms.
            setTimeout(() => resolve(true), 0);
            // The lock is held until this promise settles, which releaseLock does.
            return new Promise<void>((release) => releases.set(key, [...(releases.get(key) ?? []), release]));
          })
          .catch(() => {
            // Aborted while another tab held it: the SDK tries again or gives up, as with its own lock.
            clearTimeout(timer);
            resolve(false);
          });
      });
    },
    async releaseLock(key) {
      const [release, ...rest] = releases.get(key) ?? [];
      if (rest.length > 0) releases.set(key, rest);
      else releases.delete(key);
      release?.();
    },
  };
}
