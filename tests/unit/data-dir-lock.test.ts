import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataDirectoryOwner, DataDirectoryInUseError, lockDataDirectory, lockFilePath } from "@/lib/db/data-dir-lock";

/** The lock of the embedded database: a live owner keeps it; a dead one's, or one whose pid was reused, is taken over. */
const dirs: string[] = [];
const children: ChildProcess[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
  dirs.push(dir);
  return dir;
};
const sleeper = () => {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
};
const startTimeOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
};
const bootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database's lock", () => {
  it("records who holds it beyond a bare pid, and is released on release", () => {
    const dir = freshDir();
    const lock = lockDataDirectory(dir);
    const owner = JSON.parse(readFileSync(lockFilePath(dir), "utf8"));
    expect(owner).toMatchObject({ pid: process.pid, startTime: startTimeOf(process.pid), bootId: bootId() });
    expect(dataDirectoryOwner(dir)).toBe(process.pid);
    lock.release();
    expect(dataDirectoryOwner(dir)).toBeNull();
  });

  it("refuses a second owner while the process that holds it lives", () => {
    const dir = freshDir();
    const pid = sleeper();
    writeFileSync(lockFilePath(dir), JSON.stringify({ pid, startTime: startTimeOf(pid), bootId: bootId() }));
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    expect(dataDirectoryOwner(dir)).toBe(pid);
  });

  it("takes over a lock whose pid now names another live process (the owner died, its pid was reused)", () => {
    const dir = freshDir();
    const pid = sleeper();
    // The crashed owner started at another time than the process now holding its pid.
    writeFileSync(lockFilePath(dir), JSON.stringify({ pid, startTime: String(Number(startTimeOf(pid)) - 1000), bootId: bootId() }));
    expect(dataDirectoryOwner(dir)).toBeNull();
    const lock = lockDataDirectory(dir);
    expect(JSON.parse(readFileSync(lockFilePath(dir), "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock written before a reboot, even when its pid is alive now", () => {
    const dir = freshDir();
    const pid = sleeper();
    writeFileSync(lockFilePath(dir), JSON.stringify({ pid, startTime: startTimeOf(pid), bootId: "00000000-0000-0000-0000-000000000000" }));
    lockDataDirectory(dir).release();
  });

  it("judges another pid namespace's owner (another container) by its heartbeat", () => {
    const dir = freshDir();
    const file = lockFilePath(dir);
    writeFileSync(file, JSON.stringify({ pid: 1, startTime: "5", bootId: bootId(), pidNamespace: "pid:[1]" }));
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    lockDataDirectory(dir).release();
  });
});
