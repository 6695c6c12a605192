CREATE TABLE "agent_test_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"test_name" text NOT NULL,
	"repetition" integer NOT NULL,
	"position" integer NOT NULL,
	"test" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"duration_ms" integer,
	"assertions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"states_visited" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tool_calls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variable_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"end_reason" text,
	"error" text,
	"turn_latency" jsonb,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_test_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"agent_version" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"test_ids" jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"repeat" integer NOT NULL,
	"concurrency" integer NOT NULL,
	"error" text,
	"lease_owner" uuid,
	"lease_expires_at" timestamp (3) with time zone,
	"takeovers" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"mode" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_test_results" ADD CONSTRAINT "agent_test_results_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_test_results" ADD CONSTRAINT "agent_test_results_run_id_agent_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_test_runs" ADD CONSTRAINT "agent_test_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_test_runs" ADD CONSTRAINT "agent_test_runs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tests" ADD CONSTRAINT "agent_tests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tests" ADD CONSTRAINT "agent_tests_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_test_results_run_test_idx" ON "agent_test_results" USING btree ("run_id","test_id","repetition");--> statement-breakpoint
CREATE INDEX "agent_test_results_run_position_idx" ON "agent_test_results" USING btree ("run_id","position","repetition");--> statement-breakpoint
CREATE INDEX "agent_test_results_test_idx" ON "agent_test_results" USING btree ("test_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "agent_test_runs_agent_created_idx" ON "agent_test_runs" USING btree ("agent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "agent_test_runs_status_idx" ON "agent_test_runs" USING btree ("status","lease_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_tests_agent_name_idx" ON "agent_tests" USING btree ("agent_id","name");--> statement-breakpoint
CREATE INDEX "agent_tests_agent_created_idx" ON "agent_tests" USING btree ("agent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);