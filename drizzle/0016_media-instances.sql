CREATE TABLE "media_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"host" text NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "media_instance_id" uuid;--> statement-breakpoint
CREATE INDEX "calls_live_media_instance_idx" ON "calls" USING btree ("media_instance_id") WHERE "calls"."status" in ('created', 'ringing', 'in_progress') and "calls"."media_instance_id" is not null;