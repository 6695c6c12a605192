DROP INDEX "agents_org_created_idx";--> statement-breakpoint
DROP INDEX "calls_org_start_idx";--> statement-breakpoint
DROP INDEX "calls_org_agent_start_idx";--> statement-breakpoint
DROP INDEX "calls_org_type_start_idx";--> statement-breakpoint
DROP INDEX "calls_org_from_start_idx";--> statement-breakpoint
DROP INDEX "calls_org_to_start_idx";--> statement-breakpoint
DROP INDEX "knowledge_bases_org_created_idx";--> statement-breakpoint
DROP INDEX "phone_numbers_org_created_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_org_created_idx";--> statement-breakpoint
CREATE INDEX "agents_org_created_idx" ON "agents" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_org_start_idx" ON "calls" USING btree ("organization_id","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_org_agent_start_idx" ON "calls" USING btree ("organization_id","agent_id","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_org_type_start_idx" ON "calls" USING btree ("organization_id","type","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_org_from_start_idx" ON "calls" USING btree ("organization_id","from_number","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_org_to_start_idx" ON "calls" USING btree ("organization_id","to_number","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "knowledge_bases_org_created_idx" ON "knowledge_bases" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "phone_numbers_org_created_idx" ON "phone_numbers" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_org_created_idx" ON "webhook_deliveries" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);