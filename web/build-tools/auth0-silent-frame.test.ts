import { describe, expect, it } from 'vitest';
import { installedSdkBuild } from './auth0-sdk';
import { withFrameAddressFirst } from './auth0-silent-frame';

describe("the identity SDK's hidden frame", () => {
  it('gets its address before it is put in the page, in the installed SDK', () => {
    const installed = installedSdkBuild();
    const changed = withFrameAddressFirst(installed);
    const addressFirst = changed.match(/(\w+)\.setAttribute\("src",(\w+)\),window\.document\.body\.appendChild\(\1\)/g);
    expect(addressFirst).toHaveLength(1);
    expect(changed).not.toMatch(/window\.document\.body\.appendChild\((\w+)\),\1\.setAttribute\("src"/);
    // Only those two calls changed places.
    expect(changed.length).toBe(installed.length);
  });

  it('stops the build when an SDK release lays its frame out otherwise', () => {
    expect(() => withFrameAddressFirst('document.body.append(f);f.src=u;')).toThrow(/found 0/);
    const twice = 'window.document.body.appendChild(r),r.setAttribute("src",e);';
    expect(() => withFrameAddressFirst(twice + twice)).toThrow(/found 2/);
  });
});
