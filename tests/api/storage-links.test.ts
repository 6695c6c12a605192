import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "@/lib/auth/organizations";
import type { DatabaseConnection } from "@/lib/db/client";
import { postgresBlobStore } from "@/lib/storage/postgres-blob-store";
import { serveSignedFile } from "@/lib/storage/serve-signed-file";
import { createSignedLinks, loadSigningSecret, SignedLinks } from "@/lib/storage/signed-links";
import { createTestDatabase } from "../helpers/test-database";

let connection: DatabaseConnection;
let organizationId: string;
let clock = new Date("2026-03-01T12:00:00.000Z");
const now = () => clock;

beforeAll(async () => {
  connection = await createTestDatabase();
  organizationId = (await createOrganization(connection.db, "Links")).id;
});
afterAll(async () => connection?.close());

const pdfKey = () => `organizations/${organizationId}/knowledge-bases/kb/source/Menü & prices.pdf`;

async function setup(ttlSeconds = 60) {
  const storage = postgresBlobStore(connection.db);
  const links = await createSignedLinks(connection.db, { ttlSeconds, now });
  await storage.put(pdfKey(), new TextEncoder().encode("%PDF-1.4 menu"), { contentType: "application/pdf", organizationId });
  return { storage, links };
}

const get = (url: string, headers: Record<string, string> = {}, method = "GET") => new Request(url, { method, headers });

describe("signing secret", () => {
  it("is generated once and shared through app_settings, unless SIGNING_SECRET is set", async () => {
    const first = await loadSigningSecret(connection.db);
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(await loadSigningSecret(connection.db)).toBe(first);
    expect(await loadSigningSecret(connection.db, "configured-secret-configured-secret")).toBe("configured-secret-configured-secret");

    // Two instances on one database verify each other's links.
    const a = await createSignedLinks(connection.db, { ttlSeconds: 60, now });
    const b = await createSignedLinks(connection.db, { ttlSeconds: 60, now });
    const url = new URL(a.forOrigin("http://a.internal").url("some/key.pdf"));
    expect(b.check("some/key.pdf", url.searchParams.get("expires"), url.searchParams.get("signature"))).toBe("valid");
  });
});

describe("signed links", () => {
  it("are absolute on the request's origin, or on PUBLIC_BASE_URL, and end with the encoded key", async () => {
    const { links } = await setup();
    const url = links.forOrigin("http://localhost:3000").url(pdfKey());
    expect(url).toMatch(/^http:\/\/localhost:3000\/files\/organizations\/.+\/Men%C3%BC%20%26%20prices\.pdf\?expires=\d+&signature=[\w-]+$/);
    const expires = Number(new URL(url).searchParams.get("expires"));
    expect(expires).toBe(clock.getTime() / 1000 + 60);

    const behindProxy = new SignedLinks({ secret: "x".repeat(32), ttlSeconds: 60, publicBaseUrl: "https://voice.example.com/", now });
    expect(behindProxy.forOrigin("http://10.0.0.7:3000").url("a/b.pdf")).toMatch(/^https:\/\/voice\.example\.com\/files\/a\/b\.pdf\?/);
  });

  it("serve the blob without an API key, with its type and file name, until they expire", async () => {
    const { storage, links } = await setup(60);
    const url = links.forOrigin("http://localhost:3000").url(pdfKey());

    const res = await serveSignedFile(get(url), { storage, links });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="Men_ & prices.pdf"; filename*=UTF-8''Men%C3%BC%20%26%20prices.pdf`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe("%PDF-1.4 menu");

    const head = await serveSignedFile(get(url, {}, "HEAD"), { storage, links });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("13");

    clock = new Date(clock.getTime() + 59_000);
    expect((await serveSignedFile(get(url), { storage, links })).status).toBe(200);
    clock = new Date(clock.getTime() + 1_000);
    const expired = await serveSignedFile(get(url), { storage, links });
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ data: null, status: 403, error: { type: "permission_error", message: expect.stringMatching(/expired/) } });
  });

  it("refuse a tampered signature, expiry or key with 403, and a valid link to a deleted blob with 404", async () => {
    const { storage, links } = await setup(3600);
    const url = new URL(links.forOrigin("http://localhost:3000").url(pdfKey()));
    const serve = (target: URL | string) => serveSignedFile(get(target.toString()), { storage, links });

    const badSignature = new URL(url);
    const signature = url.searchParams.get("signature")!;
    badSignature.searchParams.set("signature", (signature[0] === "A" ? "B" : "A") + signature.slice(1));
    expect((await serve(badSignature)).status).toBe(403);

    const longer = new URL(url);
    longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 86_400));
    expect((await serve(longer)).status).toBe(403);

    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace("prices.pdf", "secrets.pdf");
    expect((await serve(otherKey)).status).toBe(403);

    const unsigned = new URL(url);
    unsigned.search = "";
    const refused = await serve(unsigned);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.type).toBe("permission_error");

    await storage.delete([pdfKey()]);
    const gone = await serve(url);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.type).toBe("not_found");

    expect((await serveSignedFile(new Request(url, { method: "POST" }), { storage, links })).status).toBe(405);
  });

  it("answer byte ranges, as audio players ask for them", async () => {
    const { storage, links } = await setup(3600);
    const url = links.forOrigin("http://localhost:3000").url(pdfKey());
    const partial = await serveSignedFile(get(url, { range: "bytes=0-3" }), { storage, links });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe("bytes 0-3/13");
    expect(await partial.text()).toBe("%PDF");
    const suffix = await serveSignedFile(get(url, { range: "bytes=-4" }), { storage, links });
    expect(await suffix.text()).toBe("menu");
    expect((await serveSignedFile(get(url, { range: "bytes=99-" }), { storage, links })).status).toBe(416);
  });
});
