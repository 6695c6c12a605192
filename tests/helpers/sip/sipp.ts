// Runs SIPp (Debian's sip-tester) with a scenario from tests/fixtures/sipp, as a trunk (UAS) or a
// caller (UAC), and collects its exit code and message trace. SIPp exits 0 only when the call
// followed the scenario, including its header checks (ereg check_it) and digest verification.

import { spawn, spawnSync } from "node:child_process";
import dgram from "node:dgram";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const SIPP_SCENARIOS = path.resolve(process.cwd(), "tests/fixtures/sipp");

/** The SIP tests use no database: they run in the PGlite project only, not again on Postgres. */
export const firstProject = process.env.TEST_DB !== "postgres";
export const sippInstalled = firstProject && spawnSync("sipp", ["-v"], { encoding: "utf8" }).status !== null;
export const runningAsRoot = process.getuid?.() === 0;

export type SippResult = { code: number | null; output: string; messages: string; errors: string };

export type SippRun = {
  port: number;
  mediaPort: number;
  done: Promise<SippResult>;
  stop(): void;
};

export type SippOptions = {
  scenario: string;
  /** Our user agent's host:port, for SIPp as the caller. */
  remote?: string;
  /** The called number SIPp puts in To (-s). */
  service?: string;
  transport?: "udp" | "tcp";
  /** -key name value pairs, used as [name] in the scenario. */
  keys?: Record<string, string>;
  /** Values for {{name}} placeholders, where SIPp allows no keyword (a response's status line). */
  fill?: Record<string, string>;
  rtpEcho?: boolean;
  timeoutSeconds?: number;
  calls?: number;
};

/** A port free for both UDP and TCP on 127.0.0.1 right now. */
export async function freePort(even = false): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 20000);
    if (even && port % 2) continue;
    if ((await udpFree(port)) && (await tcpFree(port)) && (await udpFree(port + 2))) return port;
  }
}

function udpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket("udp4");
    socket.once("error", () => resolve(false));
    socket.bind(port, "127.0.0.1", () => socket.close(() => resolve(true)));
  });
}

function tcpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export async function startSipp(options: SippOptions): Promise<SippRun> {
  const port = await freePort();
  const mediaPort = await freePort(true);
  const directory = mkdtempSync(path.join(os.tmpdir(), "sipp-"));
  const messageFile = path.join(directory, "messages.log");
  const errorFile = path.join(directory, "errors.log");
  const transport = options.transport ?? "udp";
  let scenario = path.join(SIPP_SCENARIOS, options.scenario);
  if (options.fill) {
    const filled = Object.entries(options.fill).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, value), readFileSync(scenario, "utf8"));
    scenario = path.join(directory, options.scenario);
    writeFileSync(scenario, filled);
  }
  const args = [
    "-sf", scenario,
    ...(options.remote ? [options.remote] : []),
    ...(options.service ? ["-s", options.service] : []),
    "-i", "127.0.0.1",
    "-p", String(port),
    "-mi", "127.0.0.1",
    "-mp", String(mediaPort),
    "-t", transport === "tcp" ? "t1" : "u1",
    "-m", String(options.calls ?? 1),
    "-nostdin",
    "-timeout", `${options.timeoutSeconds ?? 20}s`,
    "-timeout_error",
    "-trace_msg", "-message_file", messageFile,
    "-trace_err", "-error_file", errorFile,
    ...(options.rtpEcho ? ["-rtp_echo"] : []),
    ...Object.entries(options.keys ?? {}).flatMap(([name, value]) => ["-key", name, value]),
  ];
  const child = spawn("sipp", args, { cwd: SIPP_SCENARIOS, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const done = new Promise<SippResult>((resolve) => {
    child.on("close", (code) => {
      const read = (file: string) => {
        try {
          return readFileSync(file, "utf8");
        } catch {
          return "";
        }
      };
      resolve({ code, output, messages: read(messageFile), errors: read(errorFile) });
    });
  });
  if (!options.remote) await waitUntilListening(port, transport, done);
  return { port, mediaPort, done, stop: () => child.kill("SIGTERM") };
}

/** SIPp as a server is ready once its port is taken. */
async function waitUntilListening(port: number, transport: "udp" | "tcp", done: Promise<SippResult>): Promise<void> {
  let exited = false;
  void done.then(() => (exited = true));
  for (let i = 0; i < 200 && !exited; i++) {
    if (!(transport === "udp" ? await udpFree(port) : await tcpFree(port))) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (exited) throw new Error(`SIPp exited before listening: ${(await done).output}`);
  throw new Error("SIPp did not start listening");
}

/** The SIP messages SIPp received, as raw text, from its -trace_msg log. */
export function receivedMessages(log: string): string[] {
  return log
    .split(/^-{10,} [^\n]*\n/m)
    .filter((block) => /^\w+ message received/.test(block))
    .map((block) => block.slice(block.indexOf("\n\n") + 2));
}
