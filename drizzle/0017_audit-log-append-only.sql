-- The audit log is append-only: UPDATE is always refused, DELETE only by the retention job (which sets
-- `audit.retention_job` to 'on' with SET LOCAL in its own transaction) or when the organization itself
-- is being removed (the cascade runs after its row is gone). TRUNCATE is refused.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF current_setting('audit.retention_job', true) = 'on' THEN
			RETURN OLD;
		END IF;
		IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
			RETURN OLD;
		END IF;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE FUNCTION "audit_log_refuse_truncate"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: TRUNCATE refused' USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_refuse_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_truncate"();
--> statement-breakpoint
-- Every organization has its chain's head from the start, so writers only ever update it (its row lock orders the entries).
CREATE FUNCTION "audit_chain_head_for_organization"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO audit_chain_heads (organization_id, last_seq, last_hash, prev_hash)
	VALUES (NEW.id, 0, repeat('0', 64), repeat('0', 64))
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_for_organization" AFTER INSERT ON "organizations" FOR EACH ROW EXECUTE FUNCTION "audit_chain_head_for_organization"();
--> statement-breakpoint
INSERT INTO "audit_chain_heads" (organization_id, last_seq, last_hash, prev_hash)
SELECT id, 0, repeat('0', 64), repeat('0', 64) FROM "organizations"
ON CONFLICT DO NOTHING;
