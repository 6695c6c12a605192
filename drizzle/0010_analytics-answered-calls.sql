-- The rollups' definitions now match the dashboard's labels for any data:
-- "average duration per answered call" and the duration histogram count only answered calls (a call
-- that was never answered may carry a 0 s duration), and "average cost per call with a cost" only
-- calls whose cost is above zero. The call facts carry whether the call was answered.
ALTER TYPE "analytics_call_fact" ADD ATTRIBUTE "answered" boolean;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_apply_call_facts"(added analytics_call_fact[], removed analytics_call_fact[]) RETURNS void
	LANGUAGE sql
	AS $$
	INSERT INTO call_stats_15m AS s (
		organization_id, period_start, agent_id, calls, priced_calls, cost_total, timed_calls, duration_total,
		duration_under_30s, duration_under_1m, duration_under_2m, duration_under_5m, duration_under_10m,
		duration_under_20m, duration_under_30m, duration_30m_or_more
	)
	SELECT f.organization_id, analytics_period(f.start_time), f.agent_id,
		sum(f.sign),
		coalesce(sum(f.sign) FILTER (WHERE f.cost > 0), 0),
		coalesce(sum(f.sign * f.cost), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.timed), 0),
		coalesce(sum(f.sign * f.duration_seconds) FILTER (WHERE f.timed), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.timed AND f.duration_seconds < 30), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.timed AND f.duration_seconds >= 30 AND f.duration_seconds < 60), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.timed AND f.duration_seconds >= 60 AND f.duration_seconds < 120), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.timed AND f.duration_seconds >= 120 AND f.duration_seconds < 300), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.timed AND f.duration_seconds >= 300 AND f.duration_seconds < 600), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.timed AND f.duration_seconds >= 600 AND f.duration_seconds < 1200), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.timed AND f.duration_seconds >= 1200 AND f.duration_seconds < 1800), 0),
		coalesce(sum(f.sign) FILTER (WHERE f.timed AND f.duration_seconds >= 1800), 0)
	FROM (
		SELECT u.*, coalesce(u.answered, false) AND u.duration_seconds IS NOT NULL AS timed
		FROM (
			SELECT 1 AS sign, a.* FROM unnest(added) a
			UNION ALL
			SELECT -1 AS sign, r.* FROM unnest(removed) r
		) u
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
CREATE OR REPLACE FUNCTION "analytics_calls_changed"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
DECLARE
	added analytics_call_fact[];
	removed analytics_call_fact[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(ROW(n.organization_id, n.agent_id, n.start_time, n.cost, n.duration_seconds, n.answered_at IS NOT NULL)::analytics_call_fact)
			INTO added FROM new_calls n;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(ROW(o.organization_id, o.agent_id, o.start_time, o.cost, o.duration_seconds, o.answered_at IS NOT NULL)::analytics_call_fact)
			INTO removed FROM old_calls o;
	ELSE
		-- Only rows whose counted columns changed (most updates touch runtime state or metadata).
		-- A call's agent_id and start_time never change after it is created, so its answers stay where they are.
		SELECT array_agg(ROW(n.organization_id, n.agent_id, n.start_time, n.cost, n.duration_seconds, n.answered_at IS NOT NULL)::analytics_call_fact),
				array_agg(ROW(o.organization_id, o.agent_id, o.start_time, o.cost, o.duration_seconds, o.answered_at IS NOT NULL)::analytics_call_fact)
			INTO added, removed
			FROM new_calls n JOIN old_calls o ON o.id = n.id
			WHERE (n.organization_id, n.agent_id, n.start_time, n.cost, n.duration_seconds, n.answered_at IS NOT NULL)
				IS DISTINCT FROM (o.organization_id, o.agent_id, o.start_time, o.cost, o.duration_seconds, o.answered_at IS NOT NULL);
	END IF;
	IF added IS NOT NULL OR removed IS NOT NULL THEN
		PERFORM analytics_apply_call_facts(added, removed);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recount the call rollups under the new definitions, a day at a time (answers are unchanged).
DELETE FROM call_stats_15m;
--> statement-breakpoint
DO $$
DECLARE
	day record;
BEGIN
	FOR day IN SELECT DISTINCT organization_id, date_trunc('day', start_time) AS start FROM calls ORDER BY 1, 2 LOOP
		PERFORM analytics_apply_call_facts(
			(SELECT array_agg(ROW(c.organization_id, c.agent_id, c.start_time, c.cost, c.duration_seconds, c.answered_at IS NOT NULL)::analytics_call_fact)
				FROM calls c WHERE c.organization_id = day.organization_id AND c.start_time >= day.start AND c.start_time < day.start + interval '1 day'),
			NULL);
	END LOOP;
END
$$;
