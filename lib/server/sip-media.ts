import "server-only";
import type PgBoss from "pg-boss";
import type { DatabaseConnection } from "@/lib/db/client";
import type { JobQueue } from "@/lib/jobs/queue";
import type { MediaInstance } from "@/lib/media/media-instance";
import { outboundFetch } from "@/lib/net/outbound-fetch";
import { aiSdkLanguageModel } from "@/lib/runtime/ai-sdk-model";
import type { BlobStore } from "@/lib/storage/blob-store";
import { loadSipConfig, type SipConfig } from "@/lib/telephony/sip/config";
import type { Admission } from "@/lib/load/load-limits";
import { clusterSlot } from "./cluster-worker";
import { userAgentOptionsFromConfig } from "@/lib/telephony/sip/user-agent";
import { liveConversation } from "@/lib/telephony/sip-media/live-conversation";
import { SipMediaProcess } from "@/lib/telephony/sip-media/sip-media-process";

/** The SIP user agent runs in this process when SIP_PORT is set (0 picks a free port); without it, none. */
export function sipEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.SIP_PORT?.trim());
}

/**
 * Starts the SIP side of a media process (user agent, registry entry, SIP dial queue) when enabled.
 * Its calls run as live voice calls with the agent's speech providers.
 */
export async function startSipMedia(
  parts: { connection: DatabaseConnection; boss: PgBoss; queue: JobQueue; storage: BlobStore; instance?: MediaInstance; admission?: () => Admission },
  env: Record<string, string | undefined> = process.env,
  slot = clusterSlot(),
): Promise<SipMediaProcess | null> {
  if (!sipEnabled(env)) return null;
  const config = sipConfigOfSlot(loadSipConfig(env), slot);
  const { db } = parts.connection;
  const process = await SipMediaProcess.start(
    {
      db,
      boss: parts.boss,
      queue: parts.queue,
      startConversation: liveConversation({ db, queue: parts.queue, llm: aiSdkLanguageModel(env), http: outboundFetch(), storage: parts.storage, env, instance: parts.instance }),
      instance: parts.instance,
      admission: parts.admission,
    },
    userAgentOptionsFromConfig(config),
  );
  console.log(`> SIP user agent on ${config.bindAddress}:${process.userAgent.port} (udp, tcp), reachable as ${process.userAgent.publicHost}:${process.userAgent.publicPort}`);
  return process;
}

/**
 * Each server process of a cluster (WEB_CONCURRENCY) runs a user agent of its own: a SIP dialog and
 * its RTP live in one process, so they cannot share a port as HTTP does. Process n (0-based) listens
 * on SIP_PORT + n (and announces SIP_PUBLIC_ADDRESS's port + n); each registers in
 * sip_media_instances, so a dispatcher (Kamailio, `npm run sip:dispatcher-list`) spreads INVITEs over
 * them. SIP_PORT=0 gives each a free port.
 */
export function sipConfigOfSlot(config: SipConfig, slot: number | null): SipConfig {
  if (!slot) return config;
  const publicAddress = config.publicAddress?.port ? { ...config.publicAddress, port: config.publicAddress.port + slot } : config.publicAddress;
  return { ...config, port: config.port === 0 ? 0 : config.port + slot, publicAddress };
}

/**
 * SIGTERM: new INVITEs and OPTIONS get 503 (Kamailio moves on) and no new dial jobs are taken; live
 * calls may finish within `drainMs`. The runtime's stop then hangs up the rest (BYE or CANCEL),
 * closes the sockets and leaves the registry, so 503s are answered until the process ends.
 */
export async function drainSipMedia(process: SipMediaProcess, drainMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([process.drain(), new Promise((resolve) => (timer = setTimeout(resolve, drainMs)))]);
  clearTimeout(timer);
}
