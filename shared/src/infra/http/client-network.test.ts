import { describe, expect, it } from 'vitest';
import { clientNetworkKey } from './client-network';

describe('clientNetworkKey', () => {
  it('keeps an IPv4 address as it is, also when it comes IPv4-mapped', () => {
    expect(clientNetworkKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('masks an IPv6 address to its /64, so every address of one network is one key', () => {
    const key = clientNetworkKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientNetworkKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientNetworkKey('2001:db8:1:3::1')).not.toBe(key);
  });

  it('keeps what is not an address as it is', () => {
    expect(clientNetworkKey('')).toBe('');
    expect(clientNetworkKey('not an address')).toBe('not an address');
  });
});
