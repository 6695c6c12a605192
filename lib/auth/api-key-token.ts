import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

/**
 * API keys look like `vk_<43 base62 chars><6 base62 checksum chars>`: 32 random bytes and a CRC32
 * checksum (as GitHub's tokens do), so a mistyped key is refused before any database look-up.
 */
const PREFIX = "vk_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 43;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${PREFIX}[0-9A-Za-z]{${SECRET_LENGTH + CHECKSUM_LENGTH}}$`);

function base62(value: bigint, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out;
}

function checksum(secret: string): string {
  return base62(BigInt(crc32(secret)), CHECKSUM_LENGTH);
}

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const secret = base62(BigInt(`0x${randomBytes(32).toString("hex")}`), SECRET_LENGTH);
  const key = `${PREFIX}${secret}${checksum(secret)}`;
  return { key, prefix: apiKeyPrefix(key), hash: hashApiKey(key) };
}

export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(PREFIX.length);
  return checksum(body.slice(0, SECRET_LENGTH)) === body.slice(SECRET_LENGTH);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function apiKeyPrefix(key: string): string {
  return key.slice(0, PREFIX.length + 8);
}
