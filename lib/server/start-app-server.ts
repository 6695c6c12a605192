import { EventEmitter } from "node:events";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { loadConfig, type AppConfig } from "@/lib/config";
import { mediaInstanceRelayUrl } from "@/lib/services/calls/media-instances";
import { setTransferLegRoute } from "@/lib/telephony/transfer-legs";
import { createAppServer } from "./app-server";
import { drain } from "./drain";
import { respondWithError, writeErrorAndClose } from "./raw-error-response";
import { getRuntime, type AppRuntime } from "./runtime";
import { onStopSignals } from "./stop-signals";
import { clusterSlot, joinCluster } from "./cluster-worker";
import { listenForRelayedStreams } from "./relayed-streams-listener";
import { telephonyDependencies, telephonyWebhooks } from "./telephony-endpoints";
import { websocketEndpoints } from "./websocket-endpoints";

export type StartOptions = {
  dev: boolean;
  dir: string;
  /** False: no Next.js (no studio pages): /v1, the health check and WebSockets only (`--api-only`). */
  studio?: boolean;
};

type WebParts = {
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  close?: () => Promise<void>;
};

/** Next.js in custom-server mode; it listens for upgrades on the server it is given, so it gets an emitter of its own (only `/_next/hmr` reaches it). */
async function nextParts(options: StartOptions, config: AppConfig): Promise<WebParts> {
  const { default: next } = await import("next");
  const upgrades = new EventEmitter();
  const app = next({ dev: options.dev, dir: options.dir, hostname: config.host ?? "localhost", port: config.port, httpServer: upgrades as unknown as Server });
  await app.prepare();
  return {
    handle: app.getRequestHandler(),
    upgrade: (request, socket, head) => {
      if (!upgrades.emit("upgrade", request, socket, head)) writeErrorAndClose(socket, "not_found", "No WebSocket endpoint here");
    },
    close: () => app.close(),
  };
}

/**
 * On Postgres, where other processes and instances share the calls: a warm transfer's leg that
 * reaches one of them is passed on to this process, the one that placed it (docs/decisions.md).
 */
async function routeTransferLegs(server: Server, runtime: AppRuntime, relayHost: string): Promise<void> {
  const { mediaInstance } = runtime;
  await mediaInstance.advertiseRelay(await listenForRelayedStreams(server, relayHost));
  setTransferLegRoute({ mark: mediaInstance.id, relayUrlOf: (mark) => mediaInstanceRelayUrl(runtime.connection.db, mark) });
}

const apiOnly: WebParts = {
  handle: async (request, response) => respondWithError(response, "not_found", `No such endpoint: ${request.method} ${request.url}`),
};

/**
 * Boots the runtime (database, migrations, workers, first-start demo data) and Next.js, then serves
 * HOST:PORT. SIGTERM or SIGINT drains (lib/server/drain.ts) and exits 0; a second one (not the first delivered
 * twice, see stop-signals.ts) exits at once. `npm start` execs node, so npm's forwarded signal lands here.
 */
export async function startAppServer(options: StartOptions): Promise<Server> {
  installRejectionSafetyNet();
  const config = loadConfig();
  const [runtime, web] = await Promise.all([getRuntime(), options.studio === false ? apiOnly : nextParts(options, config)]);
  const telephony = telephonyDependencies(runtime);
  const { server, live } = createAppServer({
    runtime,
    next: web.handle,
    nextUpgrade: web.upgrade,
    routes: websocketEndpoints(runtime, telephony),
    telephony: telephonyWebhooks(telephony),
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  if (config.databaseUrl) await routeTransferLegs(server, runtime, config.mediaRelayHost);
  runtime.load.reset();
  const address = server.address();
  const url = `http://${config.host ?? "localhost"}:${address && typeof address === "object" ? address.port : config.port}`;
  const slot = clusterSlot();
  if (slot === null) console.log(`> Ready on ${url} (${options.dev ? "development" : "production"})`);
  else {
    // One of WEB_CONCURRENCY server processes: the primary says "Ready" once every one listens.
    console.log(`server process ${slot + 1} (pid ${process.pid}) listening`);
    joinCluster(runtime.loadView, url);
  }

  // In development a code change restarts the server (tsx watch gives it 5 s): a short drain unless one is set.
  const drainSeconds = options.dev && process.env.SHUTDOWN_DRAIN_SECONDS === undefined ? 2 : config.shutdownDrainSeconds;
  onStopSignals((signal) => {
    console.log(`${signal} received: draining for up to ${drainSeconds} s (SHUTDOWN_DRAIN_SECONDS); send it again to exit at once`);
    drain({ server, live, runtime, closeNext: web.close }, drainSeconds * 1000).then(
      () => {
        console.log("drained: exiting");
        process.exit(0);
      },
      (error: unknown) => {
        console.error("drain failed:", error);
        process.exit(1);
      },
    );
  });
  return server;
}

/**
 * The last line of defence, not the fix: a promise nobody handled (a bug) is logged on one line with
 * its stack, and the process keeps serving the calls it holds. Node's default would end the process
 * and every call on it (as `--api-only` did for one malformed WebSocket message); Next.js, when
 * loaded, only logs. Every socket handler handles its own promises; this only catches what slips by.
 */
function installRejectionSafetyNet(): void {
  if (process.listenerCount("unhandledRejection") > 0) return;
  process.on("unhandledRejection", (reason) => {
    console.error("unhandled promise rejection (a bug; the process keeps running):", reason instanceof Error ? (reason.stack ?? reason.message) : reason);
  });
}
