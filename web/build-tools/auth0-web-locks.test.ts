import { describe, expect, it } from 'vitest';
import { installedSdkBuild } from './auth0-sdk';
import { withWebLocks } from './auth0-web-locks';

describe("the identity SDK's lock on Web Locks", () => {
  it('makes the one lock the installed SDK acquires from Web Locks where the browser has them', () => {
    const changed = withWebLocks(installedSdkBuild(), '/lock.ts');
    expect(changed.startsWith('import { webLocksTabLock as __playtimeWebLocksTabLock } from "/lock.ts";\n')).toBe(true);
    const made = changed.match(
      /(?:const|let|var) (\w+)=typeof navigator<"u"&&navigator\.locks\?__playtimeWebLocksTabLock\(navigator\.locks\):new \w+;/,
    );
    expect(made).not.toBeNull();
    // The lock made so is the one every acquireLock call goes to.
    expect(changed).toContain(`${made![1]}.acquireLock(`);
  });

  it('stops the build when an SDK release lays its lock out otherwise', () => {
    expect(() => withWebLocks('const a=new B;a.lock(k);')).toThrow(/expected one lock/);
    expect(() => withWebLocks('const a=makeLock();a.acquireLock(k,5e3);')).toThrow(/made once with new/);
    expect(() => withWebLocks('a.acquireLock(k);b.acquireLock(k);const a=new L;const b=new L;')).toThrow(/found 2/);
  });
});
