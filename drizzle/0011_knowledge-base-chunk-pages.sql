ALTER TABLE "knowledge_base_chunks" ADD COLUMN "page" integer;--> statement-breakpoint
ALTER TABLE "knowledge_base_chunks" ADD COLUMN "is_contents" boolean DEFAULT false NOT NULL;