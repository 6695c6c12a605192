import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { loadOrCreateSecret } from "@/lib/db/app-secret";

/** Where the file route is mounted (app/files/[...path]/route.ts). */
export const FILES_PATH = "/files/";

const SECRET_SETTING = "signing_secret";

/** Signs blob keys into absolute links for one base URL (the public one, or the request's origin). */
export type LinkSigner = { url(key: string): string };

export type LinkCheck = "valid" | "expired" | "invalid";

export type SignedLinksOptions = {
  secret: string;
  ttlSeconds: number;
  /** PUBLIC_BASE_URL: used instead of the request's origin when set (behind proxies, for stable hosts). */
  publicBaseUrl?: string;
  now?: () => Date;
};

const encodeKey = (key: string) => key.split("/").map(encodeURIComponent).join("/");

/**
 * Time-limited links to blobs, served by the app without an API key: `<base>/files/<key>?expires=<unix
 * seconds>&signature=<base64url HMAC-SHA256 of "key\nexpires">`. Every instance shares the secret, so
 * any of them verifies a link another signed.
 */
export class SignedLinks {
  private readonly secret: Buffer;
  readonly ttlSeconds: number;
  private readonly publicBaseUrl: string | undefined;
  private readonly now: () => Date;

  constructor(options: SignedLinksOptions) {
    this.secret = Buffer.from(options.secret, "utf8");
    this.ttlSeconds = options.ttlSeconds;
    this.publicBaseUrl = options.publicBaseUrl?.replace(/\/+$/, "");
    this.now = options.now ?? (() => new Date());
  }

  /** A signer for links in a response to a request from `origin`. */
  forOrigin(origin: string): LinkSigner {
    const base = this.publicBaseUrl ?? origin.replace(/\/+$/, "");
    return { url: (key) => this.url(key, base) };
  }

  url(key: string, base: string): string {
    const expires = Math.floor(this.now().getTime() / 1000) + this.ttlSeconds;
    return `${base}${FILES_PATH}${encodeKey(key)}?expires=${expires}&signature=${this.signature(key, expires)}`;
  }

  check(key: string, expires: string | null, signature: string | null): LinkCheck {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return "invalid";
    const expected = Buffer.from(this.signature(key, Number(expires)), "utf8");
    const given = Buffer.from(signature, "utf8");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
    return Number(expires) * 1000 <= this.now().getTime() ? "expired" : "valid";
  }

  /** The key, expiry and signature of a link (or of a request to one); null when it is not a file link. */
  static parse(url: URL): { key: string; expires: string | null; signature: string | null } | null {
    const at = url.pathname.indexOf(FILES_PATH);
    if (at < 0) return null;
    let key: string;
    try {
      key = url.pathname
        .slice(at + FILES_PATH.length)
        .split("/")
        .map(decodeURIComponent)
        .join("/");
    } catch {
      return null;
    }
    if (!key) return null;
    return { key, expires: url.searchParams.get("expires"), signature: url.searchParams.get("signature") };
  }

  private signature(key: string, expires: number): string {
    return createHmac("sha256", this.secret).update(`${key}\n${expires}`).digest("base64url");
  }
}

/**
 * SIGNING_SECRET when configured; otherwise one generated on the first start and kept in app_settings,
 * so every instance on the database signs and verifies alike. Concurrent first starts agree on one.
 */
export async function loadSigningSecret(db: Database, configured?: string): Promise<string> {
  return configured || loadOrCreateSecret(db, SECRET_SETTING);
}

export async function createSignedLinks(
  db: Database,
  options: { secret?: string; ttlSeconds: number; publicBaseUrl?: string; now?: () => Date },
): Promise<SignedLinks> {
  return new SignedLinks({ ...options, secret: await loadSigningSecret(db, options.secret) });
}
