import { BlockList, isIP } from 'node:net';

/**
 * Whether an address (IPv4, IPv6, or IPv4 mapped into IPv6 as sockets report it) lies in one of the
 * listed addresses or networks (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`).
 */
export function addressMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  if (!entries.length) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return list.check(mapped, 'ipv4') || list.check(address, 'ipv6');
    return isIP(address) === 6
      ? list.check(address, 'ipv6')
      : isIP(address) === 4 && list.check(address, 'ipv4');
  };
}

/** Whether a list entry is an address or a network in CIDR form. */
export function isAddressOrNetwork(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const value = Number(bits);
  return /^\d+$/.test(bits) && value <= (family === 4 ? 32 : 128);
}
