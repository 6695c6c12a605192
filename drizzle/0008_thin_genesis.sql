DROP INDEX "phone_numbers_number_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_org_number_unique" ON "phone_numbers" USING btree ("organization_id","number");