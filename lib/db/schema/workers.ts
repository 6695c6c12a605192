import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestampMs } from "./columns";

/** Each process that runs job workers, with a heartbeat: a process that stops beating is gone (crashed, killed, unplugged). */
export const workerInstances = pgTable("worker_instances", {
  id: uuid("id").primaryKey(),
  pid: integer("pid").notNull(),
  host: text("host").notNull(),
  startedAt: timestampMs("started_at").notNull().defaultNow(),
  heartbeatAt: timestampMs("heartbeat_at").notNull().defaultNow(),
});

/** The jobs each worker process is running right now, so a gone process's jobs are handed on at once. */
export const jobRuns = pgTable(
  "job_runs",
  {
    jobId: uuid("job_id").primaryKey(),
    queue: text("queue").notNull(),
    instanceId: uuid("instance_id").notNull(),
    startedAt: timestampMs("started_at").notNull().defaultNow(),
  },
  (table) => [index("job_runs_instance_idx").on(table.instanceId)],
);
