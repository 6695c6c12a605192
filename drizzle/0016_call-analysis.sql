ALTER TABLE "calls" ADD COLUMN "analysis" jsonb;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "analysis_skipped" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "analysis_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_org_agent_version_start_idx" ON "calls" USING btree ("organization_id","agent_id","agent_version","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);