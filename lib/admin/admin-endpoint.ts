import "server-only";
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where the process owning an embedded data directory takes admin commands: `$DATA_DIR/admin.json`. */
export type AdminEndpoint = { port: number; token: string; pid: number };

export function adminEndpointPath(dataDir: string): string {
  return path.join(dataDir, "admin.json");
}

/** Written whole (rename) and readable by its owner only: the token is as good as the database. */
export function writeAdminEndpoint(dataDir: string, endpoint: AdminEndpoint): void {
  const file = adminEndpointPath(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(endpoint), { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

export function readAdminEndpoint(dataDir: string): AdminEndpoint | null {
  try {
    const value = JSON.parse(readFileSync(adminEndpointPath(dataDir), "utf8")) as Partial<AdminEndpoint>;
    if (!Number.isInteger(value.port) || !Number.isInteger(value.pid) || typeof value.token !== "string") return null;
    return value as AdminEndpoint;
  } catch {
    return null;
  }
}

/** Removes the file if this process wrote it (a newer owner's file stays). */
export function removeAdminEndpoint(dataDir: string): void {
  if (readAdminEndpoint(dataDir)?.pid === process.pid) rmSync(adminEndpointPath(dataDir), { force: true });
}
