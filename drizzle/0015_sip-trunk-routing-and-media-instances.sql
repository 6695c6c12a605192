CREATE TABLE "sip_media_calls" (
	"call_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"sip_call_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sip_media_calls_call_id_pk" PRIMARY KEY("call_id")
);
--> statement-breakpoint
CREATE TABLE "sip_media_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"pid" integer NOT NULL,
	"active_calls" integer DEFAULT 0 NOT NULL,
	"draining" boolean DEFAULT false NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sip_media_calls" ADD CONSTRAINT "sip_media_calls_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sip_media_calls_instance_idx" ON "sip_media_calls" USING btree ("instance_id");