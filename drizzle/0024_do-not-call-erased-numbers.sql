ALTER TABLE "do_not_call_numbers" ALTER COLUMN "phone_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "do_not_call_numbers" ADD COLUMN "phone_number_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "do_not_call_org_hash_unique" ON "do_not_call_numbers" USING btree ("organization_id","phone_number_hash") WHERE "do_not_call_numbers"."phone_number_hash" is not null;