import ipaddr from 'ipaddr.js';

/**
 * The network a client's address stands for when its tries are counted: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address too), an IPv6 address masked to its /64, since one subscriber usually holds
 * a whole /64 and can send each try from another address in it. Anything else is kept as it is.
 */
export function clientNetworkKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = [...address.toByteArray().slice(0, 8), 0, 0, 0, 0, 0, 0, 0, 0];
  return `${ipaddr.fromByteArray(network).toString()}/64`;
}
