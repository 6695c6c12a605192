import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../helpers/pdf";
import { createTestApi, type TestApi } from "../helpers/test-api";

/** Without PUBLIC_BASE_URL, signed links point at the host the caller used, not at the server's own address. */
let api: TestApi;
let apiKey: string;
let knowledgeBaseId: string;

beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey } = await api.createOrganization());
  knowledgeBaseId = (await (await api.request("POST", "/v1/knowledge-bases", { apiKey, body: { name: "Links" } })).json()).data.id;
  const upload = new FormData();
  upload.append("file_sources.0.items", new Blob([makePdf([["Opening hours"]]) as BlobPart]), "hours.pdf");
  expect((await api.request("POST", `/v1/knowledge-bases/${knowledgeBaseId}/sources`, { apiKey, rawBody: upload })).status).toBe(200);
});
afterAll(async () => api?.close());

/** As a Node server behind a proxy sees it: its own address in the URL, the caller's host in the headers. */
async function fileUrl(headers: Record<string, string>) {
  const res = await api.app.request(`http://localhost:3000/v1/knowledge-bases/${knowledgeBaseId}`, { headers: { "x-api-key": apiKey, ...headers } });
  return (await res.json()).data.sources[0].file_url as string;
}

describe("signed links without PUBLIC_BASE_URL", () => {
  it("use the request's Host and the proxy's scheme", async () => {
    expect(await fileUrl({ host: "voice.example.com" })).toMatch(/^http:\/\/voice\.example\.com\/files\//);
    expect(await fileUrl({ host: "voice.example.com:8443", "x-forwarded-proto": "https" })).toMatch(/^https:\/\/voice\.example\.com:8443\/files\//);
    expect(await fileUrl({ host: "10.0.0.7:3000", "x-forwarded-host": "studio.example.org", "x-forwarded-proto": "https" })).toMatch(/^https:\/\/studio\.example\.org\/files\//);
  });

  it("ignore a malformed host or scheme and keep the request's own origin", async () => {
    for (const host of ["evil.example/x?", "user@evil.example", "evil.example\\x", "a b"]) {
      expect(await fileUrl({ "x-forwarded-host": host })).toMatch(/^http:\/\/localhost:3000\/files\//);
    }
    expect(await fileUrl({ host: "voice.example.com", "x-forwarded-proto": "javascript" })).toMatch(/^http:\/\/voice\.example\.com\/files\//);
  });
});
