import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import type { Database } from "@/lib/db/client";
import { removeAdminEndpoint, writeAdminEndpoint } from "./admin-endpoint";
import { adminCliActor, adminErrorBody, prepareAdminCommand, type AdminErrorBody } from "./commands";

const MAX_BODY_BYTES = 64 * 1024;

const commandRequest = z.strictObject({
  command: z.string(),
  args: z.record(z.string(), z.string()).default({}),
  /** The CLI's `user@host`, named in the audit log. */
  operator: z.string().max(200).optional(),
});

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const digest = (value: string) => createHash("sha256").update(value).digest();

function send(response: ServerResponse, status: number, body: { data: unknown } | { error: AdminErrorBody }) {
  response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new RequestError(413, "payload_too_large", `The body exceeds ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new RequestError(400, "usage_error", "The body is not valid JSON");
  }
}

/**
 * The admin interface of the process that owns an embedded data directory, so that `npm run admin`
 * never opens the directory a second time. Loopback only; every request carries the bearer token
 * written, readable by this user only, to `$DATA_DIR/admin.json`.
 */
export async function startAdminServer(db: Database, dataDir: string): Promise<{ close(): Promise<void> }> {
  const token = randomBytes(32).toString("hex");
  const expected = digest(`Bearer ${token}`);

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    // Digests have one length, so the comparison takes the same time whatever was sent.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ""), expected)) {
      throw new RequestError(401, "authentication_error", "Missing or wrong admin token");
    }
    if (request.url !== "/commands") throw new RequestError(404, "not_found", `No such path: ${request.url}`);
    if (request.method !== "POST") throw new RequestError(405, "method_not_allowed", "Use POST");
    const parsed = commandRequest.safeParse(await readJson(request));
    if (!parsed.success) throw new RequestError(400, "usage_error", 'The body must be {"command": string, "args": {option: string}}');
    const run = prepareAdminCommand(parsed.data.command, parsed.data.args);
    console.error(`admin: ${parsed.data.command}`);
    const actor = adminCliActor(parsed.data.operator ?? "via admin endpoint");
    send(response, 200, { data: await run(db, (line) => console.error(`admin: ${line}`), actor) });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof RequestError) return send(response, error.status, { error: { type: error.type, message: error.message, details: [] } });
      const { status, error: body } = adminErrorBody(error);
      if (status === 500) console.error("admin command failed:", error);
      send(response, status, { error: body });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  writeAdminEndpoint(dataDir, { port: (server.address() as AddressInfo).port, token, pid: process.pid });

  let closing: Promise<void> | undefined;
  return {
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        removeAdminEndpoint(dataDir);
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
