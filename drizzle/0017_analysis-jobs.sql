CREATE TABLE "analysis_job_calls" (
	"job_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "analysis_job_calls_job_id_call_id_pk" PRIMARY KEY("job_id","call_id")
);
--> statement-breakpoint
CREATE TABLE "analysis_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"range_from" timestamp (3) with time zone NOT NULL,
	"range_to" timestamp (3) with time zone NOT NULL,
	"include" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_job_calls" ADD CONSTRAINT "analysis_job_calls_job_id_analysis_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."analysis_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_jobs" ADD CONSTRAINT "analysis_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_job_calls_job_status_idx" ON "analysis_job_calls" USING btree ("job_id","status");--> statement-breakpoint
CREATE INDEX "analysis_jobs_org_created_idx" ON "analysis_jobs" USING btree ("organization_id","created_at");