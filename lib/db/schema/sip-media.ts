import { boolean, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { calls } from "./calls";
import { timestampMs } from "./columns";

/**
 * Each process running the SIP user agent, with its SIP address and a heartbeat: the API hands
 * outbound calls only to live ones, and Kamailio's dispatcher set is read from here.
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

/** The calls each SIP process holds now, so the calls of a process that died are ended, not left running. */
export const sipMediaCalls = pgTable(
  "sip_media_calls",
  {
    callId: uuid("call_id")
      .notNull()
      .references(() => calls.id, { onDelete: "cascade" }),
    instanceId: uuid("instance_id").notNull(),
    sipCallId: text("sip_call_id").notNull(),
    createdAt: timestampMs("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.callId] }), index("sip_media_calls_instance_idx").on(table.instanceId)],
);
