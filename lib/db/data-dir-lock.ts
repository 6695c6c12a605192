import "server-only";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirectoryInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is already in use by process ${pid}. ` +
        `PGlite allows one process per data directory: stop that process, point DATA_DIR elsewhere, ` +
        `or use \`npm run admin\`, which goes through the running server.`,
    );
    this.name = "DataDirectoryInUseError";
  }
}

export type DataDirectoryLock = { release: () => void; path: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, "owner.lock");
}

/** The pid holding the data directory, or null when it is free (a lock left by a dead process is free). */
export function dataDirectoryOwner(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockFilePath(dataDir), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the data directory for this process; fails fast when a live process holds it. */
export function lockDataDirectory(dataDir: string): DataDirectoryLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (dataDirectoryOwner(dataDir) === process.pid) rmSync(file, { force: true });
      };
      process.once("exit", release);
      return { release, path: file };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = dataDirectoryOwner(dataDir);
      if (owner !== null && owner !== process.pid) throw new DataDirectoryInUseError(dataDir, owner);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
