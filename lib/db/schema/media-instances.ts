import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";

/**
 * Each process that holds live calls' media (a server's WebSockets: web voice calls and carrier
 * streams; a SIP user agent's dialogs), with a heartbeat. A live call names its holder in
 * `calls.media_instance_id`; when a holder stops beating (crashed, killed, cut off), any other
 * process ends its calls with `error`, within INSTANCE_TIMEOUT_SECONDS plus one heartbeat.
 */
export const mediaInstances = pgTable("media_instances", {
  id: uuid("id").primaryKey(),
  pid: integer("pid").notNull(),
  host: text("host").notNull(),
  startedAt: timestampMs("started_at").notNull().defaultNow(),
  heartbeatAt: timestampMs("heartbeat_at").notNull().defaultNow(),
  /** Where the other processes pass on a carrier stream meant for this one (a warm transfer's leg): `ws://host:port`. */
  relayUrl: text("relay_url"),
});
