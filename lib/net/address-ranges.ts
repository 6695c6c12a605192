import { BlockList, isIP } from "node:net";

export type AddressRange = { address: string; family: "ipv4" | "ipv6"; prefix: number | undefined };

/** An IP address or CIDR range (IPv4 or IPv6, `10.0.0.0/8`, `2001:db8::/32`), or null. */
export function parseAddressRange(entry: string): AddressRange | null {
  const [address, bits, extra] = entry.trim().split("/");
  const version = isIP(address);
  if (!version || extra !== undefined) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  if (bits === undefined) return { address, family, prefix: undefined };
  const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!(prefix >= 0 && prefix <= (family === "ipv4" ? 32 : 128))) return null;
  return { address, family, prefix };
}

/** Matches addresses against a list of addresses and ranges; throws naming the first bad entry. */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const range = parseAddressRange(entry);
    if (!range) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    if (range.prefix === undefined) list.addAddress(range.address, range.family);
    else list.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? "ipv4" : "ipv6");
  };
}
