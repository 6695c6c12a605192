import { BlockList, isIP } from "node:net";

/**
 * Which addresses a request to a customer URL may reach: public unicast only, unless the operator's
 * allowlist (OUTBOUND_ALLOWED_HOSTS) names the host, the address or a range holding it.
 */
export type OutboundAddressPolicy = {
  /** A host named in the allowlist may resolve to any address (the operator vouches for it). */
  hostAllowed(hostname: string): boolean;
  /** Why `address` may not be reached, or null when it may. */
  addressRefusal(address: string): string | null;
};

const v4 = (list: BlockList, cidr: string) => {
  const [net, bits] = cidr.split("/");
  list.addSubnet(net, Number(bits), "ipv4");
};
const v6 = (list: BlockList, cidr: string) => {
  const [net, bits] = cidr.split("/");
  list.addSubnet(net, Number(bits), "ipv6");
};

// IANA special-purpose registries: nothing here is a public unicast destination.
const specialV4 = new BlockList();
for (const cidr of [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // private
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local, cloud metadata
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation
  "192.88.99.0/24", // 6to4 relay anycast
  "192.168.0.0/16", // private
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation
  "203.0.113.0/24", // documentation
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved and broadcast
])
  v4(specialV4, cidr);

const globalUnicastV6 = new BlockList();
v6(globalUnicastV6, "2000::/3");
const specialV6 = new BlockList();
for (const cidr of [
  "2001::/23", // IETF protocol assignments (Teredo, ORCHID …)
  "2001:db8::/32", // documentation
  "3fff::/20", // documentation
])
  v6(specialV6, cidr);

const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254", "169.254.170.2", "100.100.100.200"]);

/** Eight 16-bit groups of an IPv6 address (expands `::` and a trailing dotted IPv4). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split("%")[0];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill("0");
  return [...headGroups, ...fill, ...tailGroups].map((group) => parseInt(group, 16));
}

const dottedFrom = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 form carries (mapped, compatible, NAT64, 6to4), so it is judged as that address. */
export function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return dottedFrom(g[6], g[7]); // ::ffff:a.b.c.d
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return dottedFrom(g[6], g[7]); // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return dottedFrom(g[6], g[7]); // NAT64
  if (g[0] === 0x2002) return dottedFrom(g[1], g[2]); // 6to4
  return null;
}

/** Why an address is not public unicast, or null when it is. */
export function nonPublicReason(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  if (METADATA_ADDRESSES.has(address.toLowerCase())) return "a cloud metadata address";
  if (family === 4) return specialV4.check(address, "ipv4") ? "a private, loopback, link-local or reserved address" : null;
  const inner = embeddedIpv4(address);
  if (inner) {
    const reason = nonPublicReason(inner);
    return reason ? `${reason} (as ${inner})` : null;
  }
  if (!globalUnicastV6.check(address, "ipv6")) return "a loopback, link-local, unique-local, multicast or reserved address";
  if (specialV6.check(address, "ipv6")) return "a reserved address";
  return null;
}

/**
 * Parses OUTBOUND_ALLOWED_HOSTS: comma-separated host names (`localhost`, `hooks.internal`; exact,
 * case-insensitive), IP addresses and CIDR ranges (`127.0.0.0/8`, `::1/128`). `*` allows everything.
 */
export function createOutboundAddressPolicy(allowlist: readonly string[] = []): OutboundAddressPolicy {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  const exact = new Set<string>();
  let everything = false;
  for (const raw of allowlist) {
    const entry = raw.trim().toLowerCase().replace(/^\[|\]$/g, "");
    if (!entry) continue;
    if (entry === "*") everything = true;
    else if (entry.includes("/")) {
      const [net, bits] = entry.split("/");
      const family = isIP(net);
      const prefix = Number(bits);
      if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
        throw new Error(`OUTBOUND_ALLOWED_HOSTS: "${raw.trim()}" is not a CIDR range`);
      }
      ranges.addSubnet(net, prefix, family === 4 ? "ipv4" : "ipv6");
    } else if (isIP(entry)) {
      exact.add(entry);
      ranges.addAddress(entry, isIP(entry) === 4 ? "ipv4" : "ipv6");
    } else hosts.add(entry.replace(/\.$/, ""));
  }
  return {
    hostAllowed: (hostname) => everything || hosts.has(hostname.toLowerCase().replace(/\.$/, "")),
    addressRefusal(address) {
      const reason = nonPublicReason(address);
      if (!reason) return null;
      // A metadata endpoint is reachable only when its exact address is listed, never through a range or `*`.
      if (METADATA_ADDRESSES.has(address.toLowerCase())) return exact.has(address.toLowerCase()) ? null : reason;
      if (everything) return null;
      return ranges.check(address, isIP(address) === 4 ? "ipv4" : "ipv6") ? null : reason;
    },
  };
}

/** The allowlist's entries as configured (OUTBOUND_ALLOWED_HOSTS, comma-separated). */
export function allowedHostsFromEnv(env: { OUTBOUND_ALLOWED_HOSTS?: string; [name: string]: unknown } = process.env): string[] {
  return (env.OUTBOUND_ALLOWED_HOSTS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}
