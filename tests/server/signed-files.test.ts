import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../helpers/app-server-process";
import { makePdf } from "../helpers/pdf";

/**
 * The real path of a signed link: `scripts/server.ts --api-only` (no Next.js), a PDF uploaded to a
 * knowledge base over HTTP, the API signing its file_url, and the server's own listener serving `/files/…`.
 */
let server: ServerProcess;
let pdf: Uint8Array;
let url: string;

beforeAll(async () => {
  server = await startServerProcess();
  const headers = { "x-api-key": server.apiKey };
  const created = await fetch(`${base()}/v1/knowledge-bases`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ name: "Links" }) });
  const id = (await created.json()).data.id as string;
  pdf = makePdf([["Opening hours: nine to five"]]);
  const upload = new FormData();
  upload.append("file_sources.0.items", new Blob([pdf as BlobPart]), "hours.pdf");
  const added = await fetch(`${base()}/v1/knowledge-bases/${id}/sources`, { method: "POST", headers, body: upload });
  expect(added.status).toBe(200);
  url = (await added.json()).data.sources[0].file_url;
}, 120_000);

afterAll(async () => {
  await server?.cleanUp();
});

const base = () => `http://127.0.0.1:${server.port}`;

describe("GET /files/... on an --api-only server", () => {
  it("serves an uploaded PDF by its file_url, without the API key, whole, by range and as HEAD", async () => {
    expect(url).toMatch(new RegExp(`^${base()}/files/.*/hours\\.pdf\\?expires=\\d+&signature=`));
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain('filename="hours.pdf"');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    expect(Number(file.headers.get("content-length"))).toBe(pdf.byteLength);

    const part = await fetch(url, { headers: { range: "bytes=1-4" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1-4/${pdf.byteLength}`);
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe("PDF-");

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe(pdf.byteLength);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("refuses a tampered or unsigned link with 403, in the API's envelope, and other methods with 405", async () => {
    const tampered = await fetch(url.replace(/signature=./, (match) => (match.endsWith("A") ? "signature=B" : "signature=A")));
    expect(tampered.status).toBe(403);
    expect((await tampered.json()).error.type).toBe("permission_error");
    const unsigned = await fetch(url.split("?")[0]);
    expect(unsigned.status).toBe(403);
    expect((await unsigned.json()).error.type).toBe("permission_error");
    const posted = await fetch(url, { method: "POST" });
    expect(posted.status).toBe(405);
  });
});
