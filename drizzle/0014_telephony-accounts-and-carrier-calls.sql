CREATE TABLE "telephony_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"account_ref" text NOT NULL,
	"secrets_ciphertext" text NOT NULL,
	"account_name" text,
	"verified_at" timestamp (3) with time zone,
	"verification_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "carrier_call_id" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "stream_token_hash" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "transfer" jsonb;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "carrier_number_id" text;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "carrier_live" boolean;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "carrier_problem" text;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "carrier_checked_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "telephony_accounts" ADD CONSTRAINT "telephony_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telephony_accounts_org_carrier_unique" ON "telephony_accounts" USING btree ("organization_id","carrier");--> statement-breakpoint
CREATE INDEX "telephony_accounts_carrier_ref_idx" ON "telephony_accounts" USING btree ("carrier","account_ref");--> statement-breakpoint
CREATE INDEX "calls_org_carrier_start_idx" ON "calls" USING btree ("organization_id","carrier","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_carrier_call_idx" ON "calls" USING btree ("carrier_call_id");--> statement-breakpoint
CREATE INDEX "phone_numbers_number_idx" ON "phone_numbers" USING btree ("number");