-- Keeps the quality rollup (call_quality_15m, migration 0019) exact in the transaction that writes calls, as
-- migration 0006 does for the other rollups: statement-level triggers with transition tables, grouped
-- upserts in key order, organizations being deleted skipped. One SQL function (analytics_quality_rows)
-- turns facts into rollup rows, so the rollup and the unaligned edges of a range (read from calls by the
-- API) are counted by the very same definitions.
CREATE FUNCTION "analytics_latency_bucket"(ms integer) RETURNS integer
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	-- The buckets of lib/schemas/latency-buckets.ts: 50 ms below 1.5 s, 100 ms to 3 s, 250 ms to 5 s, 1 s to 10 s, 5 s to 30 s, then one.
	AS $$ SELECT CASE
		WHEN ms < 1500 THEN greatest(ms, 0) / 50
		WHEN ms < 3000 THEN 30 + (ms - 1500) / 100
		WHEN ms < 5000 THEN 45 + (ms - 3000) / 250
		WHEN ms < 10000 THEN 53 + (ms - 5000) / 1000
		WHEN ms < 30000 THEN 58 + (ms - 10000) / 5000
		ELSE 62 END $$;
--> statement-breakpoint
CREATE TYPE "analytics_quality_fact" AS (
	"organization_id" uuid,
	"agent_id" uuid,
	"agent_version" integer,
	"start_time" timestamptz,
	"answered" boolean,
	"cost" numeric,
	"duration_seconds" integer,
	"analyzed" boolean,
	"verdict" text,
	"score" numeric,
	"sentiment" text,
	"interruptions" integer,
	"transferred" boolean,
	"voicemail" boolean,
	"latencies" integer[]
);
--> statement-breakpoint
-- What one call counts for: connected (answered), the analysis' verdict, score and sentiment, the
-- agent turns the caller cut off, a transfer, a voicemail, and each turn's first-audio latency.
CREATE FUNCTION "analytics_quality_fact_of"(c calls) RETURNS analytics_quality_fact
	LANGUAGE sql STABLE
	AS $$
	SELECT ROW(
		c.organization_id, c.agent_id, coalesce(c.agent_version, 0), c.start_time,
		c.answered_at IS NOT NULL, c.cost, c.duration_seconds,
		c.analysis IS NOT NULL AND jsonb_typeof(c.analysis) = 'object',
		c.analysis #>> '{success,verdict}',
		CASE WHEN jsonb_typeof(c.analysis #> '{success,score}') = 'number' THEN (c.analysis #>> '{success,score}')::numeric END,
		c.analysis ->> 'sentiment',
		(SELECT count(*)::integer FROM jsonb_array_elements(CASE WHEN jsonb_typeof(c.transcript) = 'array' THEN c.transcript ELSE '[]'::jsonb END) e
			WHERE e -> 'interrupted' = 'true'::jsonb),
		c.transfer IS NOT NULL OR c.end_reason = 'transferred',
		c.answer_type = 'voicemail',
		(SELECT array_agg((t ->> 'first_audio_ms')::numeric::integer)
			FROM jsonb_array_elements(CASE WHEN jsonb_typeof(c.turn_latency) = 'array' THEN c.turn_latency ELSE '[]'::jsonb END) t
			WHERE jsonb_typeof(t -> 'first_audio_ms') = 'number')
	)::analytics_quality_fact
	$$;
--> statement-breakpoint
-- Facts added (+1) and removed (−1) as rollup rows, one per organization, period, agent and version.
CREATE FUNCTION "analytics_quality_rows"(added analytics_quality_fact[], removed analytics_quality_fact[]) RETURNS SETOF call_quality_15m
	LANGUAGE sql STABLE
	AS $$
	WITH f AS (
		SELECT 1 AS sign, a.* FROM unnest(added) a
		UNION ALL
		SELECT -1 AS sign, r.* FROM unnest(removed) r
	), x AS (
		SELECT f.*, NULL::integer AS bucket FROM f
		UNION ALL
		SELECT f.*, analytics_latency_bucket(l) FROM f CROSS JOIN LATERAL unnest(f.latencies) l WHERE l IS NOT NULL
	)
	SELECT x.organization_id, analytics_period(x.start_time), x.agent_id, x.agent_version,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.answered), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.cost > 0), 0)::integer,
		coalesce(sum(x.sign * x.cost) FILTER (WHERE x.bucket IS NULL), 0)::numeric,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.answered AND x.duration_seconds IS NOT NULL), 0)::integer,
		coalesce(sum(x.sign * x.duration_seconds) FILTER (WHERE x.bucket IS NULL AND x.answered), 0)::bigint,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.analyzed), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.analyzed AND x.verdict = 'success'), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.analyzed AND x.verdict = 'failure'), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.analyzed AND x.verdict = 'unknown'), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.analyzed AND x.score IS NOT NULL), 0)::integer,
		coalesce(sum(x.sign * x.score) FILTER (WHERE x.bucket IS NULL AND x.analyzed), 0)::numeric,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.analyzed AND x.sentiment = 'positive'), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.analyzed AND x.sentiment = 'neutral'), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.analyzed AND x.sentiment = 'negative'), 0)::integer,
		coalesce(sum(x.sign * x.interruptions) FILTER (WHERE x.bucket IS NULL AND x.answered), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.answered AND x.transferred), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NULL AND x.answered AND x.voicemail), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket IS NOT NULL), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 0), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 1), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 2), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 3), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 4), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 5), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 6), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 7), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 8), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 9), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 10), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 11), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 12), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 13), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 14), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 15), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 16), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 17), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 18), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 19), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 20), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 21), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 22), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 23), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 24), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 25), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 26), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 27), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 28), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 29), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 30), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 31), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 32), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 33), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 34), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 35), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 36), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 37), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 38), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 39), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 40), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 41), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 42), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 43), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 44), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 45), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 46), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 47), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 48), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 49), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 50), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 51), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 52), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 53), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 54), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 55), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 56), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 57), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 58), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 59), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 60), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 61), 0)::integer,
		coalesce(sum(x.sign) FILTER (WHERE x.bucket = 62), 0)::integer
	FROM x
	GROUP BY 1, 2, 3, 4
	ORDER BY 1, 2, 3, 4
	$$;
--> statement-breakpoint
CREATE FUNCTION "analytics_apply_quality_facts"(added analytics_quality_fact[], removed analytics_quality_fact[]) RETURNS void
	LANGUAGE sql
	AS $$
	INSERT INTO call_quality_15m AS s
	SELECT r.* FROM analytics_quality_rows(added, removed) r
	WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id)
	ORDER BY 1, 2, 3, 4
	ON CONFLICT (organization_id, period_start, agent_id, agent_version) DO UPDATE SET
		calls = s.calls + excluded.calls,
		connected_calls = s.connected_calls + excluded.connected_calls,
		priced_calls = s.priced_calls + excluded.priced_calls,
		cost_total = s.cost_total + excluded.cost_total,
		timed_calls = s.timed_calls + excluded.timed_calls,
		duration_total = s.duration_total + excluded.duration_total,
		analyzed_calls = s.analyzed_calls + excluded.analyzed_calls,
		success_calls = s.success_calls + excluded.success_calls,
		failure_calls = s.failure_calls + excluded.failure_calls,
		unknown_calls = s.unknown_calls + excluded.unknown_calls,
		scored_calls = s.scored_calls + excluded.scored_calls,
		score_total = s.score_total + excluded.score_total,
		positive_calls = s.positive_calls + excluded.positive_calls,
		neutral_calls = s.neutral_calls + excluded.neutral_calls,
		negative_calls = s.negative_calls + excluded.negative_calls,
		interruptions = s.interruptions + excluded.interruptions,
		transferred_calls = s.transferred_calls + excluded.transferred_calls,
		voicemail_calls = s.voicemail_calls + excluded.voicemail_calls,
		latency_turns = s.latency_turns + excluded.latency_turns,
		latency_00 = s.latency_00 + excluded.latency_00,
		latency_01 = s.latency_01 + excluded.latency_01,
		latency_02 = s.latency_02 + excluded.latency_02,
		latency_03 = s.latency_03 + excluded.latency_03,
		latency_04 = s.latency_04 + excluded.latency_04,
		latency_05 = s.latency_05 + excluded.latency_05,
		latency_06 = s.latency_06 + excluded.latency_06,
		latency_07 = s.latency_07 + excluded.latency_07,
		latency_08 = s.latency_08 + excluded.latency_08,
		latency_09 = s.latency_09 + excluded.latency_09,
		latency_10 = s.latency_10 + excluded.latency_10,
		latency_11 = s.latency_11 + excluded.latency_11,
		latency_12 = s.latency_12 + excluded.latency_12,
		latency_13 = s.latency_13 + excluded.latency_13,
		latency_14 = s.latency_14 + excluded.latency_14,
		latency_15 = s.latency_15 + excluded.latency_15,
		latency_16 = s.latency_16 + excluded.latency_16,
		latency_17 = s.latency_17 + excluded.latency_17,
		latency_18 = s.latency_18 + excluded.latency_18,
		latency_19 = s.latency_19 + excluded.latency_19,
		latency_20 = s.latency_20 + excluded.latency_20,
		latency_21 = s.latency_21 + excluded.latency_21,
		latency_22 = s.latency_22 + excluded.latency_22,
		latency_23 = s.latency_23 + excluded.latency_23,
		latency_24 = s.latency_24 + excluded.latency_24,
		latency_25 = s.latency_25 + excluded.latency_25,
		latency_26 = s.latency_26 + excluded.latency_26,
		latency_27 = s.latency_27 + excluded.latency_27,
		latency_28 = s.latency_28 + excluded.latency_28,
		latency_29 = s.latency_29 + excluded.latency_29,
		latency_30 = s.latency_30 + excluded.latency_30,
		latency_31 = s.latency_31 + excluded.latency_31,
		latency_32 = s.latency_32 + excluded.latency_32,
		latency_33 = s.latency_33 + excluded.latency_33,
		latency_34 = s.latency_34 + excluded.latency_34,
		latency_35 = s.latency_35 + excluded.latency_35,
		latency_36 = s.latency_36 + excluded.latency_36,
		latency_37 = s.latency_37 + excluded.latency_37,
		latency_38 = s.latency_38 + excluded.latency_38,
		latency_39 = s.latency_39 + excluded.latency_39,
		latency_40 = s.latency_40 + excluded.latency_40,
		latency_41 = s.latency_41 + excluded.latency_41,
		latency_42 = s.latency_42 + excluded.latency_42,
		latency_43 = s.latency_43 + excluded.latency_43,
		latency_44 = s.latency_44 + excluded.latency_44,
		latency_45 = s.latency_45 + excluded.latency_45,
		latency_46 = s.latency_46 + excluded.latency_46,
		latency_47 = s.latency_47 + excluded.latency_47,
		latency_48 = s.latency_48 + excluded.latency_48,
		latency_49 = s.latency_49 + excluded.latency_49,
		latency_50 = s.latency_50 + excluded.latency_50,
		latency_51 = s.latency_51 + excluded.latency_51,
		latency_52 = s.latency_52 + excluded.latency_52,
		latency_53 = s.latency_53 + excluded.latency_53,
		latency_54 = s.latency_54 + excluded.latency_54,
		latency_55 = s.latency_55 + excluded.latency_55,
		latency_56 = s.latency_56 + excluded.latency_56,
		latency_57 = s.latency_57 + excluded.latency_57,
		latency_58 = s.latency_58 + excluded.latency_58,
		latency_59 = s.latency_59 + excluded.latency_59,
		latency_60 = s.latency_60 + excluded.latency_60,
		latency_61 = s.latency_61 + excluded.latency_61,
		latency_62 = s.latency_62 + excluded.latency_62
	$$;
--> statement-breakpoint
CREATE FUNCTION "analytics_quality_calls_changed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
DECLARE
	added analytics_quality_fact[];
	removed analytics_quality_fact[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(analytics_quality_fact_of(n)) INTO added FROM new_calls n;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(analytics_quality_fact_of(o)) INTO removed FROM old_calls o;
	ELSE
		-- Only rows whose facts changed (most updates touch runtime state or metadata).
		SELECT array_agg(nf), array_agg(f)
			INTO added, removed
			FROM (SELECT analytics_quality_fact_of(n) AS nf, analytics_quality_fact_of(o) AS f FROM new_calls n JOIN old_calls o ON o.id = n.id) d
			WHERE d.nf IS DISTINCT FROM d.f;
	END IF;
	IF added IS NOT NULL OR removed IS NOT NULL THEN
		PERFORM analytics_apply_quality_facts(added, removed);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "calls_quality_insert" AFTER INSERT ON "calls" REFERENCING NEW TABLE AS new_calls
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_quality_calls_changed();
--> statement-breakpoint
CREATE TRIGGER "calls_quality_update" AFTER UPDATE ON "calls" REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_quality_calls_changed();
--> statement-breakpoint
CREATE TRIGGER "calls_quality_delete" AFTER DELETE ON "calls" REFERENCING OLD TABLE AS old_calls
	FOR EACH STATEMENT EXECUTE FUNCTION analytics_quality_calls_changed();
--> statement-breakpoint
-- Backfill from the calls already there, a day at a time.
DO $$
DECLARE
	day record;
BEGIN
	FOR day IN SELECT DISTINCT organization_id, date_trunc('day', start_time) AS start FROM calls ORDER BY 1, 2 LOOP
		PERFORM analytics_apply_quality_facts(
			(SELECT array_agg(analytics_quality_fact_of(c)) FROM calls c
				WHERE c.organization_id = day.organization_id AND c.start_time >= day.start AND c.start_time < day.start + interval '1 day'),
			NULL);
	END LOOP;
END
$$;
