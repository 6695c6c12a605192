CREATE TABLE "answer_option_stats_15m" (
	"organization_id" uuid NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"agent_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"option_id" text NOT NULL,
	"option_value" text NOT NULL,
	"selections" integer NOT NULL,
	CONSTRAINT "answer_option_stats_15m_organization_id_period_start_agent_id_question_id_option_id_pk" PRIMARY KEY("organization_id","period_start","agent_id","question_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "answer_stats_15m" (
	"organization_id" uuid NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"agent_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"question_name" text NOT NULL,
	"question_type" text NOT NULL,
	"answered" integer NOT NULL,
	"unanswered" integer NOT NULL,
	"yes" integer NOT NULL,
	"no" integer NOT NULL,
	"number_count" integer NOT NULL,
	"number_total" double precision NOT NULL,
	CONSTRAINT "answer_stats_15m_organization_id_period_start_agent_id_question_id_pk" PRIMARY KEY("organization_id","period_start","agent_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "call_stats_15m" (
	"organization_id" uuid NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"agent_id" uuid NOT NULL,
	"calls" integer NOT NULL,
	"priced_calls" integer NOT NULL,
	"cost_total" numeric(18, 6) NOT NULL,
	"timed_calls" integer NOT NULL,
	"duration_total" bigint NOT NULL,
	"duration_under_30s" integer NOT NULL,
	"duration_under_1m" integer NOT NULL,
	"duration_under_2m" integer NOT NULL,
	"duration_under_5m" integer NOT NULL,
	"duration_under_10m" integer NOT NULL,
	"duration_under_20m" integer NOT NULL,
	"duration_under_30m" integer NOT NULL,
	"duration_30m_or_more" integer NOT NULL,
	CONSTRAINT "call_stats_15m_organization_id_period_start_agent_id_pk" PRIMARY KEY("organization_id","period_start","agent_id")
);
--> statement-breakpoint
ALTER TABLE "answer_option_stats_15m" ADD CONSTRAINT "answer_option_stats_15m_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_stats_15m" ADD CONSTRAINT "answer_stats_15m_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_stats_15m" ADD CONSTRAINT "call_stats_15m_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;