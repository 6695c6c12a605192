// HTTP digest authentication for SIP (RFC 2617, RFC 7616, RFC 8760): MD5 and SHA-256 (and their
// -sess variants), qop=auth with nc/cnonce, or the RFC 2069 form when the challenge offers no qop.

import { createHash, randomBytes } from "node:crypto";
import { parseAuthParams, quote } from "./header-values";

export type DigestChallenge = {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm: string;
  qop: string[];
  stale: boolean;
};

export type DigestCredentials = { username: string; password: string };

const hashes: Record<string, "md5" | "sha256"> = { MD5: "md5", "MD5-SESS": "md5", "SHA-256": "sha256", "SHA-256-SESS": "sha256" };

/** Reads a `Digest …` WWW-Authenticate or Proxy-Authenticate value; null when it is not a usable digest challenge. */
export function parseChallenge(value: string): DigestChallenge | null {
  const match = /^\s*Digest\s+(.*)$/is.exec(value);
  if (!match) return null;
  const params = parseAuthParams(match[1]);
  if (!params?.realm || params.nonce === undefined) return null;
  const algorithm = (params.algorithm ?? "MD5").toUpperCase();
  if (!hashes[algorithm]) return null;
  return {
    realm: params.realm,
    nonce: params.nonce,
    opaque: params.opaque,
    algorithm,
    qop: (params.qop ?? "").split(",").map((option) => option.trim().toLowerCase()).filter(Boolean),
    stale: params.stale?.toLowerCase() === "true",
  };
}

/** The strongest challenge we can answer among several (SHA-256 before MD5, RFC 8760 §2.4). */
export function pickChallenge(values: string[]): DigestChallenge | null {
  const challenges = values.map(parseChallenge).filter((challenge): challenge is DigestChallenge => challenge !== null);
  return challenges.find((challenge) => challenge.algorithm.startsWith("SHA-256")) ?? challenges[0] ?? null;
}

export type DigestInput = {
  challenge: DigestChallenge;
  credentials: DigestCredentials;
  method: string;
  uri: string;
  /** Nonce count for this nonce (1 for the first request using it). */
  nonceCount: number;
  cnonce?: string;
};

export function digestResponse(input: DigestInput & { cnonce: string }): string {
  const { challenge, credentials, method, uri, nonceCount, cnonce } = input;
  const algorithm = hashes[challenge.algorithm];
  const hash = (text: string) => createHash(algorithm).update(text, "utf8").digest("hex");
  let ha1 = hash(`${credentials.username}:${challenge.realm}:${credentials.password}`);
  if (challenge.algorithm.endsWith("-SESS")) ha1 = hash(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = hash(`${method}:${uri}`);
  if (!challenge.qop.includes("auth")) return hash(`${ha1}:${challenge.nonce}:${ha2}`);
  const nc = nonceCount.toString(16).padStart(8, "0");
  return hash(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`);
}

/** The Authorization or Proxy-Authorization value answering `challenge`. */
export function authorizationHeader(input: DigestInput): string {
  const cnonce = input.cnonce ?? randomBytes(12).toString("hex");
  const { challenge } = input;
  const parts = [
    `username=${quote(input.credentials.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(input.uri)}`,
    `response=${quote(digestResponse({ ...input, cnonce }))}`,
    `algorithm=${challenge.algorithm}`,
  ];
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  if (challenge.qop.includes("auth")) parts.push("qop=auth", `nc=${input.nonceCount.toString(16).padStart(8, "0")}`, `cnonce=${quote(cnonce)}`);
  return `Digest ${parts.join(", ")}`;
}
