import { isIP } from "node:net";
import { addressMatcher } from "./address-ranges";

/** Set by our server on every request it hands to Next.js (any incoming value replaced): the client's address for the studio. */
export const CLIENT_IP_HEADER = "x-voice-client-ip";

/** Loopback and private networks: a proxy in front of the server (its X-Forwarded-For is believed). */
const isProxyAddress = addressMatcher(["127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7", "100.64.0.0/10"]);

const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

/**
 * The address a request came from, as the audit log records it: the socket's peer, unless that
 * peer is on loopback or a private network (a reverse proxy or load balancer), in which case the
 * last address the proxy appended to X-Forwarded-For. A client on a public address cannot choose
 * what is recorded.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined): string | null {
  const socket = peer ? plain(peer) : null;
  if (socket && isIP(socket) && !isProxyAddress(socket)) return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  const forwarded = header
    ?.split(",")
    .map((part) => plain(part))
    .filter((part) => isIP(part))
    .at(-1);
  return forwarded ?? socket;
}
