import "server-only";
import { closeSync, mkdirSync, openSync, readFileSync, readlinkSync, rmSync, statSync, utimesSync, writeSync } from "node:fs";
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

/**
 * Who holds the lock: a pid alone does not name a process (pids are reused, and every container's
 * server may be pid 1), so the lock also records, where Linux tells them, the process's start time,
 * the boot it started in and its pid namespace.
 */
type LockOwner = { pid: number; startTime?: string; bootId?: string; pidNamespace?: string };

/** The owner refreshes the lock file's time this often; another pid namespace trusts it for three periods. */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_STALE_MS = 3 * HEARTBEAT_MS;

const readOrNull = (read: () => string) => {
  try {
    return read().trim();
  } catch {
    return undefined;
  }
};

/** Field 22 of /proc/<pid>/stat: start time in clock ticks since boot (after the command name, which may hold spaces). */
function processStartTime(pid: number): string | undefined {
  const stat = readOrNull(() => readFileSync(`/proc/${pid}/stat`, "utf8"));
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

function thisProcess(): LockOwner {
  return {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    bootId: readOrNull(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8")),
    pidNamespace: readOrNull(() => readlinkSync("/proc/self/ns/pid")),
  };
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the process that wrote the lock still runs. Older locks hold only a pid, and are judged by it. */
function isLive(owner: LockOwner, file: string): boolean {
  const me = thisProcess();
  if (owner.bootId && me.bootId && owner.bootId !== me.bootId) return false; // written before a reboot
  if (owner.pidNamespace && me.pidNamespace && owner.pidNamespace !== me.pidNamespace) {
    // Another container's process: its pid means nothing here, so only its heartbeat tells.
    const touched = readOrNull(() => String(statSync(file).mtimeMs));
    return touched !== undefined && Date.now() - Number(touched) < HEARTBEAT_STALE_MS;
  }
  if (!pidExists(owner.pid)) return false;
  if (owner.startTime && processStartTime(owner.pid) !== owner.startTime) return false; // the pid now names another process
  return true;
}

function readOwner(file: string): LockOwner | null {
  const text = readOrNull(() => readFileSync(file, "utf8"));
  if (!text) return null;
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null;
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, "owner.lock");
}

/** The pid holding the data directory, or null when it is free (a lock left by a process that is gone is free). */
export function dataDirectoryOwner(dataDir: string): number | null {
  const file = lockFilePath(dataDir);
  const owner = readOwner(file);
  return owner && isLive(owner, file) ? owner.pid : null;
}

/** Takes the data directory for this process; fails fast when a live process holds it. */
export function lockDataDirectory(dataDir: string): DataDirectoryLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  const me = thisProcess();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      const heartbeat = setInterval(() => {
        const now = new Date();
        readOrNull(() => (utimesSync(file, now, now), ""));
      }, HEARTBEAT_MS);
      heartbeat.unref();
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        const owner = readOwner(file);
        if (owner?.pid === me.pid && owner.startTime === me.startTime) rmSync(file, { force: true });
      };
      process.once("exit", release);
      return { release, path: file };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(file);
      if (owner && isLive(owner, file) && owner.pid !== process.pid) throw new DataDirectoryInUseError(dataDir, owner.pid);
      rmSync(file, { force: true }); // stale: its process is gone, or the pid now names another
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
