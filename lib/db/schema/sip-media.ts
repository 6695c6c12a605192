import { boolean, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";

/**
 * Each process running the SIP user agent, with its SIP address and a heartbeat: the API hands
 * outbound calls only to live ones, and Kamailio's dispatcher set is read from here. The calls it
 * holds name it in calls.media_instance_id (the same id is its row in media_instances).
 */
export const sipMediaInstances = pgTable("sip_media_instances", {
  id: uuid("id").primaryKey(),
  /** The address peers reach it at (SIP_PUBLIC_ADDRESS, else the bind address) and its port. */
  host: text("host").notNull(),
  port: integer("port").notNull(),
  pid: integer("pid").notNull(),
  activeCalls: integer("active_calls").notNull().default(0),
  /** Set from SIGTERM on: no new calls. */
  draining: boolean("draining").notNull().default(false),
  startedAt: timestampMs("started_at").notNull().defaultNow(),
  heartbeatAt: timestampMs("heartbeat_at").notNull().defaultNow(),
});
