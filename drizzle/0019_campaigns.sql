CREATE TABLE "campaign_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"phone_number" text NOT NULL,
	"timezone" text,
	"dynamic_variables_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone,
	"next_attempt_in_window" boolean DEFAULT true NOT NULL,
	"last_call_id" uuid,
	"outcome" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"from_numbers" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"schedule" jsonb NOT NULL,
	"pacing" jsonb NOT NULL,
	"retry" jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"calls_placed" integer DEFAULT 0 NOT NULL,
	"pacing_next_at" timestamp (3) with time zone,
	"dispatch_lease_until" timestamp (3) with time zone,
	"dispatch_lease_owner" uuid,
	"started_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "do_not_call_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"reason" text,
	"source" text DEFAULT 'api' NOT NULL,
	"call_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_concurrency" (
	"organization_id" uuid NOT NULL,
	"concurrency_limit" integer NOT NULL,
	"inbound_reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_concurrency_organization_id_pk" PRIMARY KEY("organization_id")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "campaign_contact_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD CONSTRAINT "campaign_contacts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_call_numbers" ADD CONSTRAINT "do_not_call_numbers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_concurrency" ADD CONSTRAINT "organization_concurrency_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_contacts_campaign_number_unique" ON "campaign_contacts" USING btree ("campaign_id","phone_number");--> statement-breakpoint
CREATE INDEX "campaign_contacts_campaign_position_idx" ON "campaign_contacts" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "campaign_contacts_campaign_status_idx" ON "campaign_contacts" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_contacts_due_idx" ON "campaign_contacts" USING btree ("campaign_id",coalesce("next_attempt_at", '-infinity'::timestamptz),"position") WHERE "campaign_contacts"."status" in ('pending', 'scheduled', 'retry_scheduled');--> statement-breakpoint
CREATE INDEX "campaign_contacts_org_number_idx" ON "campaign_contacts" USING btree ("organization_id","phone_number");--> statement-breakpoint
CREATE INDEX "campaigns_org_created_idx" ON "campaigns" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_active_idx" ON "campaigns" USING btree ("status") WHERE "campaigns"."status" in ('scheduled', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "do_not_call_org_number_unique" ON "do_not_call_numbers" USING btree ("organization_id","phone_number");--> statement-breakpoint
CREATE INDEX "do_not_call_org_created_idx" ON "do_not_call_numbers" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_org_campaign_start_idx" ON "calls" USING btree ("organization_id","campaign_id","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "calls"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "calls_org_live_idx" ON "calls" USING btree ("organization_id","direction") WHERE "calls"."status" in ('created', 'ringing', 'in_progress') and "calls"."type" = 'phone_call';--> statement-breakpoint
CREATE INDEX "calls_campaign_live_idx" ON "calls" USING btree ("campaign_id") WHERE "calls"."status" in ('created', 'ringing', 'in_progress') and "calls"."campaign_id" is not null;