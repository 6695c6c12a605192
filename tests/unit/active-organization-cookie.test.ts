import { describe, expect, it } from "vitest";
import { activeOrganizationCookieOptions, reachedOverTls } from "@/lib/console/active-organization";

describe("the studio_org cookie", () => {
  it("is Secure behind a TLS-terminating proxy even without AUTH_URL", () => {
    const options = activeOrganizationCookieOptions(new Headers({ "x-forwarded-proto": "https" }));
    expect(options).toMatchObject({ secure: true, httpOnly: true, sameSite: "lax", path: "/" });
    expect(reachedOverTls(new Headers({ "x-forwarded-proto": "https, http" }), undefined)).toBe(true);
  });

  it("is Secure when AUTH_URL is https, and not over plain http", () => {
    expect(reachedOverTls(new Headers({ "x-forwarded-proto": "http" }), "https://studio.example.com")).toBe(true);
    expect(reachedOverTls(new Headers({ "x-forwarded-proto": "http" }), undefined)).toBe(false);
    expect(reachedOverTls(new Headers(), "http://localhost:3000")).toBe(false);
  });
});
