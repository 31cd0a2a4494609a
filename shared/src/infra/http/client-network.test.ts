import { describe, expect, it } from 'vitest';
import { clientNetworkKey } from './client-network';

describe('clientNetworkKey', () => {
  it('keeps an IPv4 address, also when it comes IPv4-mapped', () => {
    expect(clientNetworkKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetworkKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts every address of one IPv6 /64 as one network, however it is written', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:abcd::9'].map(
      clientNetworkKey,
    );
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientNetworkKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetworkKey('::1')).toBe('::/64');
  });

  it('leaves what is no address as it is', () => {
    expect(clientNetworkKey('')).toBe('');
    expect(clientNetworkKey('unknown')).toBe('unknown');
  });
});
