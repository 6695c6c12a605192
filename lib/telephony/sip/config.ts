// The SIP user agent's environment: where it listens, the address it tells peers (NAT), RTP ports.

import net from "node:net";
import os from "node:os";
import { z } from "zod";
import { isValidHost, parseHostPort } from "./uri";

export type SipConfig = {
  /** Address the SIP sockets and RTP sockets bind to (SIP_BIND_ADDRESS, default 0.0.0.0). */
  bindAddress: string;
  /** UDP and TCP port (SIP_PORT, default 5060). */
  port: number;
  /** Host (and port, when a NAT forwards another one) put in Via, Contact and SDP (SIP_PUBLIC_ADDRESS). */
  publicAddress: { host: string; port?: number } | undefined;
  rtpPortMin: number;
  rtpPortMax: number;
};

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const schema = z
  .object({
    SIP_BIND_ADDRESS: z.string().default("0.0.0.0").refine((value) => net.isIP(value) !== 0, "must be an IP address"),
    SIP_PORT: port(5060),
    SIP_PUBLIC_ADDRESS: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || parseHostPort(value) !== null, "must be a host or host:port"),
    RTP_PORT_MIN: port(10000),
    RTP_PORT_MAX: port(20000),
  })
  .refine((env) => env.RTP_PORT_MIN >= 1024 && env.RTP_PORT_MIN < env.RTP_PORT_MAX, { message: "RTP_PORT_MIN must be at least 1024 and below RTP_PORT_MAX", path: ["RTP_PORT_MIN"] });

export function loadSipConfig(env: Record<string, string | undefined> = process.env): SipConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid SIP configuration: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  }
  const { SIP_BIND_ADDRESS, SIP_PORT, SIP_PUBLIC_ADDRESS, RTP_PORT_MIN, RTP_PORT_MAX } = parsed.data;
  return {
    bindAddress: SIP_BIND_ADDRESS,
    port: SIP_PORT,
    publicAddress: SIP_PUBLIC_ADDRESS ? parseHostPort(SIP_PUBLIC_ADDRESS)! : undefined,
    rtpPortMin: RTP_PORT_MIN,
    rtpPortMax: RTP_PORT_MAX,
  };
}

/** Without SIP_PUBLIC_ADDRESS: the bind address, or for a wildcard bind the first external IPv4 address. */
export function defaultPublicHost(bindAddress: string): string {
  if (bindAddress !== "0.0.0.0" && bindAddress !== "::") return bindAddress;
  for (const addresses of Object.values(os.networkInterfaces())) {
    const external = addresses?.find((address) => address.family === "IPv4" && !address.internal);
    if (external && isValidHost(external.address)) return external.address;
  }
  return "127.0.0.1";
}
