// Kamailio's dispatcher list (set 1) from the SIP instance registry: one `sip:host:port` line per
// live, non-draining media process. Kamailio probes each with OPTIONS and skips dead ones between reloads.

import type { SipMediaInstance } from "@/lib/services/telephony/sip-media-instances";
import { uriHost } from "../sip/uri";

export const DISPATCHER_SET = 1;

export function formatDispatcherList(instances: Pick<SipMediaInstance, "id" | "host" | "port">[], transport: "udp" | "tcp" = "udp"): string {
  const lines = instances.map(
    (instance) => `${DISPATCHER_SET} sip:${uriHost(instance.host)}:${instance.port}${transport === "tcp" ? ";transport=tcp" : ""} 0 0 instance=${instance.id}`,
  );
  return ["# set destination flags priority attrs — written from sip_media_instances; Kamailio re-reads it every 10 s", ...lines, ""].join("\n");
}
