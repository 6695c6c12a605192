-- Keeps the analytics rollups (0005) exact in the transaction that writes calls and post-call answers.
-- Statement-level triggers with transition tables: a batch of 5,000 seeded calls is one grouped upsert.
-- Upserts run in key order (no deadlocks between writers) and skip organizations being deleted
-- (their rollup rows go by cascade). Period: the 15 minutes of the call's start_time.
CREATE TYPE "analytics_call_fact" AS (
	"organization_id" uuid,
	"agent_id" uuid,
	"start_time" timestamptz,
	"cost" numeric,
	"duration_seconds" integer
);
--> statement-breakpoint
CREATE TYPE "analytics_answer_fact" AS (
	"organization_id" uuid,
	"call_id" uuid,
	"question_id" uuid,
	"question_name" text,
	"question_type" text,
	"has_answer" boolean,
	"answer_boolean" boolean,
	"answer_number" double precision,
	"selected_options" jsonb
);
--> statement-breakpoint
CREATE FUNCTION "analytics_period"(t timestamptz) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT date_bin('15 minutes', t, timestamptz '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint
CREATE FUNCTION "analytics_apply_call_facts"(added analytics_call_fact[], removed analytics_call_fact[]) RETURNS void
	LANGUAGE sql
	AS $$
	INSERT INTO call_stats_15m AS s (
		organization_id, period_start, agent_id, calls, priced_calls, cost_total, timed_calls, duration_total,
		duration_under_30s, duration_under_1m, duration_under_2m, duration_under_5m, duration_under_10m,
		duration_under_20m, duration_under_30m, duration_30m_or_more
	)
	SELECT f.organization_id, analytics_period(f.start_time), f.agent_id,
		sum(f.sign),
		coalesce(sum(f.sign) FILTER (WHERE f.cost IS NOT NULL), 0),
		coalesce(sum(f.sign * f.cost), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.duration_seconds IS NOT NULL), 0),
		coalesce(sum(f.sign * f.duration_seconds), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.duration_seconds < 30), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.duration_seconds >= 30 AND f.duration_seconds < 60), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.duration_seconds >= 60 AND f.duration_seconds < 120), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.duration_seconds >= 120 AND f.duration_seconds < 300), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.duration_seconds >= 300 AND f.duration_seconds < 600), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.duration_seconds >= 600 AND f.duration_seconds < 1200), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.duration_seconds >= 1200 AND f.duration_seconds < 1800), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.duration_seconds >= 1800), 0)
	FROM (
		SELECT 1 AS sign, a.* FROM unnest(added) a
		UNION ALL
		SELECT -1 AS sign, r.* FROM unnest(removed) r
	) f
	WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = f.organization_id)
	GROUP BY 1, 2, 3
	ORDER BY 1, 2, 3
	ON CONFLICT (organization_id, period_start, agent_id) DO UPDATE SET
		calls = s.calls + excluded.calls,
		priced_calls = s.priced_calls + excluded.priced_calls,
		cost_total = s.cost_total + excluded.cost_total,
		timed_calls = s.timed_calls + excluded.timed_calls,
		duration_total = s.duration_total + excluded.duration_total,
		duration_under_30s = s.duration_under_30s + excluded.duration_under_30s,
		duration_under_1m = s.duration_under_1m + excluded.duration_under_1m,
		duration_under_2m = s.duration_under_2m + excluded.duration_under_2m,
		duration_under_5m = s.duration_under_5m + excluded.duration_under_5m,
		duration_under_10m = s.duration_under_10m + excluded.duration_under_10m,
		duration_under_20m = s.duration_under_20m + excluded.duration_under_20m,
		duration_under_30m = s.duration_under_30m + excluded.duration_under_30m,
		duration_30m_or_more = s.duration_30m_or_more + excluded.duration_30m_or_more
	$$;
--> statement-breakpoint
-- Answers take their agent and period from their call, which exists while they are written or deleted
-- (a call's own deletion removes its answers first: analytics_calls_before_delete).
CREATE FUNCTION "analytics_apply_answer_facts"(added analytics_answer_fact[], removed analytics_answer_fact[]) RETURNS void
	LANGUAGE sql
	AS $$
	WITH facts AS (
		SELECT f.*, c.agent_id, analytics_period(c.start_time) AS period_start
		FROM (
			SELECT 1 AS sign, a.* FROM unnest(added) a
			UNION ALL
			SELECT -1 AS sign, r.* FROM unnest(removed) r
		) f
		JOIN calls c ON c.id = f.call_id
		WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = f.organization_id)
	), answers AS (
		INSERT INTO answer_stats_15m AS s (
			organization_id, period_start, agent_id, question_id, question_name, question_type,
			answered, unanswered, yes, no, number_count, number_total
		)
		SELECT organization_id, period_start, agent_id, question_id,
			(array_agg(question_name ORDER BY sign DESC))[1],
			(array_agg(question_type ORDER BY sign DESC))[1],
			coalesce(sum(sign) FILTER (WHERE has_answer), 0),
			coalesce(sum(sign) FILTER (WHERE NOT has_answer), 0),
			coalesce(sum(sign) FILTER (WHERE has_answer AND answer_boolean IS TRUE), 0),
			coalesce(sum(sign) FILTER (WHERE has_answer AND answer_boolean IS FALSE), 0),
			coalesce(sum(sign) FILTER (WHERE has_answer AND answer_number IS NOT NULL), 0),
			coalesce(sum(sign * answer_number) FILTER (WHERE has_answer AND answer_number IS NOT NULL), 0)
		FROM facts
		GROUP BY 1, 2, 3, 4
		ORDER BY 1, 2, 3, 4
		ON CONFLICT (organization_id, period_start, agent_id, question_id) DO UPDATE SET
			question_name = excluded.question_name,
			question_type = excluded.question_type,
			answered = s.answered + excluded.answered,
			unanswered = s.unanswered + excluded.unanswered,
			yes = s.yes + excluded.yes,
			no = s.no + excluded.no,
			number_count = s.number_count + excluded.number_count,
			number_total = s.number_total + excluded.number_total
		RETURNING 1
	)
	INSERT INTO answer_option_stats_15m AS s (organization_id, period_start, agent_id, question_id, option_id, option_value, selections)
	SELECT f.organization_id, f.period_start, f.agent_id, f.question_id, o.value -> 'option' ->> 'id',
		(array_agg(o.value -> 'option' ->> 'value' ORDER BY f.sign DESC))[1],
		sum(f.sign)
	FROM facts f
	CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(f.selected_options) = 'array' THEN f.selected_options ELSE '[]'::jsonb END) o
	WHERE f.has_answer AND o.value -> 'option' ->> 'id' IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT (organization_id, period_start, agent_id, question_id, option_id) DO UPDATE SET
		option_value = excluded.option_value,
		selections = s.selections + excluded.selections
	$$;
--> statement-breakpoint
CREATE FUNCTION "analytics_calls_changed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
DECLARE
	added analytics_call_fact[];
	removed analytics_call_fact[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(ROW(n.organization_id, n.agent_id, n.start_time, n.cost, n.duration_seconds)::analytics_call_fact)
			INTO added FROM new_calls n;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(ROW(o.organization_id, o.agent_id, o.start_time, o.cost, o.duration_seconds)::analytics_call_fact)
			INTO removed FROM old_calls o;
	ELSE
		-- Only rows whose counted columns changed (most updates touch runtime state or metadata).
		-- A call's agent_id and start_time never change after it is created, so its answers stay where they are.
		SELECT array_agg(ROW(n.organization_id, n.agent_id, n.start_time, n.cost, n.duration_seconds)::analytics_call_fact),
				array_agg(ROW(o.organization_id, o.agent_id, o.start_time, o.cost, o.duration_seconds)::analytics_call_fact)
			INTO added, removed
			FROM new_calls n JOIN old_calls o ON o.id = n.id
			WHERE (n.organization_id, n.agent_id, n.start_time, n.cost, n.duration_seconds)
				IS DISTINCT FROM (o.organization_id, o.agent_id, o.start_time, o.cost, o.duration_seconds);
	END IF;
	IF added IS NOT NULL OR removed IS NOT NULL THEN
		PERFORM analytics_apply_call_facts(added, removed);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "analytics_answers_changed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
DECLARE
	added analytics_answer_fact[];
	removed analytics_answer_fact[];
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		SELECT array_agg(ROW(n.organization_id, n.call_id, n.question_id, n.question_name, n.question_type, n.has_answer,
				n.answer_boolean, n.answer_number, n.selected_options)::analytics_answer_fact)
			INTO added FROM new_answers n;
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		SELECT array_agg(ROW(o.organization_id, o.call_id, o.question_id, o.question_name, o.question_type, o.has_answer,
				o.answer_boolean, o.answer_number, o.selected_options)::analytics_answer_fact)
			INTO removed FROM old_answers o;
	END IF;
	IF added IS NOT NULL OR removed IS NOT NULL THEN
		PERFORM analytics_apply_answer_facts(added, removed);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deleting a call deletes its answers while the call still exists, so they are subtracted from its period.
CREATE FUNCTION "analytics_calls_before_delete"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	DELETE FROM call_post_call_answers WHERE call_id = OLD.id;
	RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "calls_analytics_insert" AFTER INSERT ON "calls" REFERENCING NEW TABLE AS new_calls
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_calls_changed();
--> statement-breakpoint
CREATE TRIGGER "calls_analytics_update" AFTER UPDATE ON "calls" REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_calls_changed();
--> statement-breakpoint
CREATE TRIGGER "calls_analytics_delete" AFTER DELETE ON "calls" REFERENCING OLD TABLE AS old_calls
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_calls_changed();
--> statement-breakpoint
CREATE TRIGGER "calls_analytics_before_delete" BEFORE DELETE ON "calls"
	FOR EACH ROW EXECUTE FUNCTION analytics_calls_before_delete();
--> statement-breakpoint
CREATE TRIGGER "call_post_call_answers_analytics_insert" AFTER INSERT ON "call_post_call_answers" REFERENCING NEW TABLE AS new_answers
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_answers_changed();
--> statement-breakpoint
CREATE TRIGGER "call_post_call_answers_analytics_update" AFTER UPDATE ON "call_post_call_answers" REFERENCING OLD TABLE AS old_answers NEW TABLE AS new_answers
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_answers_changed();
--> statement-breakpoint
CREATE TRIGGER "call_post_call_answers_analytics_delete" AFTER DELETE ON "call_post_call_answers" REFERENCING OLD TABLE AS old_answers
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_answers_changed();
--> statement-breakpoint
-- Backfill from the rows already there, a day at a time.
DO $$
DECLARE
	day record;
BEGIN
	FOR day IN SELECT DISTINCT organization_id, date_trunc('day', start_time) AS start FROM calls ORDER BY 1, 2 LOOP
		PERFORM analytics_apply_call_facts(
			(SELECT array_agg(ROW(c.organization_id, c.agent_id, c.start_time, c.cost, c.duration_seconds)::analytics_call_fact)
				FROM calls c WHERE c.organization_id = day.organization_id AND c.start_time >= day.start AND c.start_time < day.start + interval '1 day'),
			NULL);
		PERFORM analytics_apply_answer_facts(
			(SELECT array_agg(ROW(a.organization_id, a.call_id, a.question_id, a.question_name, a.question_type, a.has_answer,
					a.answer_boolean, a.answer_number, a.selected_options)::analytics_answer_fact)
				FROM call_post_call_answers a JOIN calls c ON c.id = a.call_id
				WHERE c.organization_id = day.organization_id AND c.start_time >= day.start AND c.start_time < day.start + interval '1 day'),
			NULL);
	END LOOP;
END
$$;
