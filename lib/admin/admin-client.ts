import "server-only";
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { dataDirectoryOwner } from "@/lib/db/data-dir-lock";
import { adminEndpointPath, readAdminEndpoint, type AdminEndpoint } from "./admin-endpoint";
import { localOperator, type AdminArgs, type AdminErrorBody, type AdminResult } from "./commands";

/** A command the owning process ran and refused, with the reason it gave. */
export class AdminServerError extends Error {
  constructor(
    readonly status: number,
    readonly body: AdminErrorBody,
  ) {
    super(body.message);
    this.name = "AdminServerError";
  }
}

/**
 * The admin endpoint of the live process that owns `dataDir`, or null when none does. An owner
 * without an endpoint yet is most likely a server still migrating, so this waits a little for it.
 */
export async function findOwnerEndpoint(dataDir: string, waitMs = 15_000): Promise<AdminEndpoint | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const owner = dataDirectoryOwner(dataDir);
    if (owner === null) return null;
    const endpoint = readAdminEndpoint(dataDir);
    if (endpoint?.pid === owner) return endpoint;
    if (Date.now() >= deadline) {
      throw new Error(
        `Process ${owner} owns ${dataDir} but publishes no admin endpoint in ${adminEndpointPath(dataDir)}. ` +
          `If it is the server, it may still be starting: try again. If it is another admin command, wait for it to finish.`,
      );
    }
    await sleep(200);
  }
}

/** Runs a command in the owning process. No timeout: seeding a million calls takes minutes. */
export function sendAdminCommand(endpoint: AdminEndpoint, command: string, args: AdminArgs): Promise<AdminResult> {
  const body = JSON.stringify({ command, args, operator: localOperator() });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port: endpoint.port,
        path: "/commands",
        method: "POST",
        headers: {
          Authorization: `Bearer ${endpoint.token}`,
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          let parsed: { data?: AdminResult; error?: AdminErrorBody };
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            return reject(new Error(`The admin endpoint of process ${endpoint.pid} answered ${response.statusCode} without JSON`));
          }
          if (response.statusCode === 200 && parsed.data) resolve(parsed.data);
          else reject(new AdminServerError(response.statusCode ?? 500, parsed.error ?? { type: "internal_error", message: "No error given", details: [] }));
        });
      },
    );
    outgoing.on("error", (error) =>
      reject(new Error(`Could not reach the admin endpoint of process ${endpoint.pid} at 127.0.0.1:${endpoint.port}: ${error.message}`)),
    );
    outgoing.end(body);
  });
}
