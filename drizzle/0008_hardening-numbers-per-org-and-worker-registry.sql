CREATE TABLE "job_runs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"instance_id" uuid NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"host" text NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "phone_numbers_number_unique";--> statement-breakpoint
CREATE INDEX "job_runs_instance_idx" ON "job_runs" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_org_number_unique" ON "phone_numbers" USING btree ("organization_id","number");