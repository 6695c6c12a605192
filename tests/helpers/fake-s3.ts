import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type StoredObject = { body: Buffer; contentType: string; metadata: Record<string, string> };

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  objects: Map<string, StoredObject>;
  /** Every request as `METHOD path?query`, for assertions on what the client sent. */
  requests: string[];
  close: () => Promise<void>;
};

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const xmlUnescape = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Enough of the S3 REST protocol (path-style PutObject, GetObject, DeleteObject, DeleteObjects) on
 * 127.0.0.1 for the S3 blob store's tests. Requests must carry SigV4 authorization for `accessKeyId`.
 */
export async function startFakeS3(options: { bucket?: string; accessKeyId?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? "test-bucket";
  const accessKeyId = options.accessKeyId ?? "test-access-key";
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const body = await readBody(request);
    const error = (status: number, code: string, message: string) => {
      response.writeHead(status, { "content-type": "application/xml" });
      response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
    };
    const authorization = request.headers.authorization ?? "";
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) return error(403, "AccessDenied", "Bad credentials");
    const [, bucketName, ...rest] = url.pathname.split("/");
    if (bucketName !== bucket) return error(404, "NoSuchBucket", "No such bucket");
    const key = rest.map(decodeURIComponent).join("/");

    if (request.method === "POST" && url.searchParams.has("delete")) {
      const keys = [...body.toString("utf8").matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((match) => xmlUnescape(match[1]));
      for (const deleted of keys) objects.delete(deleted);
      response.writeHead(200, { "content-type": "application/xml" });
      response.end(`<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>`);
      return;
    }
    if (!key) return error(400, "InvalidRequest", "Missing key");
    if (request.method === "PUT") {
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (name.startsWith("x-amz-meta-") && typeof value === "string") metadata[name.slice("x-amz-meta-".length)] = value;
      }
      objects.set(key, { body, contentType: request.headers["content-type"] ?? "binary/octet-stream", metadata });
      response.writeHead(200, { etag: '"fake"' });
      response.end();
      return;
    }
    if (request.method === "GET" || request.method === "HEAD") {
      const object = objects.get(key);
      if (!object) return error(404, "NoSuchKey", "The specified key does not exist.");
      response.writeHead(200, { "content-type": object.contentType, "content-length": object.body.byteLength, etag: '"fake"' });
      response.end(request.method === "GET" ? object.body : undefined);
      return;
    }
    if (request.method === "DELETE") {
      objects.delete(key);
      response.writeHead(204);
      response.end();
      return;
    }
    error(405, "MethodNotAllowed", "Not supported by the fake");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the SDK keeps connections alive
      }),
  };
}
