// Call transfer by REFER (RFC 3515): the Refer-To target, the NOTIFY bodies (message/sipfrag,
// RFC 3420) that report progress, and the result integration acts on.

import { escapeUser } from "./uri";

export type TransferResult =
  /** The far end reached the target (NOTIFY with a 2xx); we hung up. */
  | { outcome: "transferred"; status: number }
  /** The far end refused the REFER (405, 501, 403, 603…, or no answer): the call goes on, fall back. */
  | { outcome: "refused"; status: number; reason: string }
  /** The REFER was accepted but the target failed (NOTIFY with 3xx–6xx): the call goes on. */
  | { outcome: "failed"; status: number; reason: string }
  /** Accepted, but no final NOTIFY came in time (or the call ended first). */
  | { outcome: "no_result"; reason: string };

/** The status line of a sipfrag body: `SIP/2.0 200 OK`. */
export function parseSipfrag(body: Buffer): { status: number; reason: string } | null {
  const match = /^SIP\/2\.0\s+(\d{3})\s*([^\r\n]*)/.exec(body.toString("utf8").trimStart());
  return match ? { status: Number(match[1]), reason: match[2] } : null;
}

/** A SIP or tel URI as given, else a number (or user) at `hostPort` (the trunk's domain). */
export function referTargetUri(target: string, hostPort: string): string {
  if (/^(sips?|tel):/i.test(target)) return target;
  return `sip:${escapeUser(target)}@${hostPort}`;
}
