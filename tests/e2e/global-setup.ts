import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { TwilioDouble } from "../helpers/carriers/twilio-double";
import { startFakeOpenAiSpeech } from "../helpers/fake-speech/openai-speech";
import { ToneVoice } from "../helpers/fake-speech/tones";
import { startFakeLlm } from "./helpers/fake-llm";
import { talkTranscripts } from "./helpers/talk-speech";

const root = path.resolve(__dirname, "../..");
const DIST_DIR = ".next-e2e";
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/**
 * Builds the production app into .next-e2e (under /tmp/next-build.lock, so it never runs beside
 * another build) and serves it with the app's own server (as `npm start` does) on a free port with
 * a fresh embedded database, whose first start seeds the demo organization. The demo credentials the server prints go to E2E_DEMO_FILE.
 * The LLM providers point at a fake OpenAI-compatible server on 127.0.0.1 (helpers/fake-llm.ts),
 * whose audio endpoints answer from a fake speech server (voice calls: tones, helpers/talk-speech.ts).
 * E2E_BASE_URL set beforehand skips all this and targets that server; E2E_SKIP_BUILD=1 reuses .next-e2e.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;
  if (process.env.E2E_SKIP_BUILD !== "1" || !existsSync(path.join(root, DIST_DIR, "BUILD_ID"))) build();

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "voice-e2e-"));
  // The demo agents' LLM provider (openai, and the others) points at a local fake for the whole run.
  // Twilio's REST API on 127.0.0.1 (the Telephony settings page connects to it); its account is handed to the specs.
  const twilio = await TwilioDouble.start();
  twilio.addNumber("+14155550900");
  process.env.E2E_TWILIO_ACCOUNT_SID = twilio.accountSid;
  process.env.E2E_TWILIO_AUTH_TOKEN = twilio.authToken;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Short tones for the agent's sentences, so the Talk test's caller speaks after the greeting.
  const speech = await startFakeOpenAiSpeech({ transcripts: talkTranscripts, voice: new ToneVoice((text) => Math.min(1500, Math.max(300, text.length * 20))) });
  const llm = await startFakeLlm(speech.url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...llm.env(),
    TWILIO_API_BASE_URL: twilio.baseUrl,
    PUBLIC_BASE_URL: baseUrl,
    NEXT_DIST_DIR: DIST_DIR,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    NEXT_TELEMETRY_DISABLED: "1",
    SEED_DEMO: "true",
    SHUTDOWN_DRAIN_SECONDS: "5",
    // One demo user drives every spec; at full speed the studio's own /v1 calls can pass the default
    // 1,000 a minute per user, and a page that lists numbers on the side shows none when refused.
    API_RATE_LIMIT_PER_MINUTE: "100000",
  };
  delete env.DATABASE_URL; // the embedded database, so the demo seed runs
  // `npm start`'s command: the one server of lib/server (scripts/server.ts) on the build in .next-e2e.
  const server = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/server.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));

  try {
    const demo = await waitForDemo(server, () => output, baseUrl);
    const demoFile = path.join(dataDir, "e2e-demo.json");
    writeFileSync(demoFile, JSON.stringify(demo, null, 2));
    process.env.E2E_BASE_URL = baseUrl;
    process.env.E2E_DEMO_FILE = demoFile;
    console.log(`e2e: production build serving on ${baseUrl} (data in ${dataDir})`);
  } catch (error) {
    server.kill("SIGKILL");
    await llm.close();
    await twilio.close();
    await speech.close();
    console.error(output);
    throw error;
  }

  return async () => {
    await stop(server);
    await llm.close();
    await twilio.close();
    await speech.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function build() {
  // Next.js adds its dist dir's types to tsconfig.json on every build; the run leaves the file as it found it.
  const tsconfig = path.join(root, "tsconfig.json");
  const before = readFileSync(tsconfig, "utf8");
  const flock = spawnSync("flock", ["--version"]).status === 0;
  const command = flock ? "flock" : process.execPath;
  const args = flock ? ["/tmp/next-build.lock", process.execPath, nextBin, "build"] : [nextBin, "build"];
  console.log(`e2e: building the production app into ${DIST_DIR}`);
  const result = spawnSync(command, args, { cwd: root, env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" }, stdio: "inherit" });
  if (readFileSync(tsconfig, "utf8") !== before) writeFileSync(tsconfig, before);
  if (result.status !== 0) throw new Error("e2e: next build failed");
}

async function waitForDemo(server: ChildProcess, output: () => string, baseUrl: string) {
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`e2e: the server exited with ${server.exitCode}`);
    const text = output();
    const email = /^\s+email\s+(\S+)/m.exec(text)?.[1];
    const password = /^\s+password\s+(\S+)/m.exec(text)?.[1];
    const apiKey = /^\s+API key\s+(vk_\S+)/m.exec(text)?.[1];
    if (email && password && apiKey && (await healthy(baseUrl))) return { email, password, apiKey };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("e2e: the server did not print the demo credentials and answer /api/health within 5 minutes");
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`)).ok;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
