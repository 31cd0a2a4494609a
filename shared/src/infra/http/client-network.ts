import ipaddr from 'ipaddr.js';

/**
 * How long an IPv6 client's network prefix is. A home or an office is given a /64 (or more), and a
 * host picks any of its 2^64 addresses at will (privacy addresses change by the hour), so a count per
 * exact IPv6 address counts nothing: throttles count the /64.
 */
export const IPV6_NETWORK_PREFIX = 64;

/**
 * The client network a throttle counts a request against (issue #41): an IPv4 address as it is
 * (an IPv4-mapped IPv6 address, `::ffff:192.0.2.1`, is that IPv4 address), an IPv6 address as its
 * /64 (`2001:db8:1:2::/64`). Anything that is no address (none known: '') is its own key.
 */
export function clientNetworkKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  // Eight parts of 16 bits: the network's parts as they are, the host's zero.
  const parts = (address as ipaddr.IPv6).parts.map((part, index) => (index < IPV6_NETWORK_PREFIX / 16 ? part : 0));
  const network = new ipaddr.IPv6(parts);
  return `${network.toString()}/${IPV6_NETWORK_PREFIX}`;
}
