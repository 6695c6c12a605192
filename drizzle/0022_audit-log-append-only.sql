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
--> statement-breakpoint
-- Appends one entry: moves the organization's chain head (its row lock orders the entries) and inserts
-- the entry with its seq and both hashes; hash = SHA-256 of the previous hash followed by the entry's
-- canonical JSON, which the caller computes (lib/services/audit). One call, plans cached by PL/pgSQL.
CREATE FUNCTION "audit_append"(
	p_id uuid, p_organization_id uuid, p_at timestamptz, p_actor_type text, p_actor_id text, p_actor_label text,
	p_action text, p_resource_type text, p_resource_id text, p_changes jsonb, p_request_id text, p_ip text,
	p_user_agent text, p_canonical text
) RETURNS bigint
	LANGUAGE plpgsql
	AS $$
DECLARE
	v_seq bigint;
	v_prev text;
	v_hash text;
BEGIN
	UPDATE audit_chain_heads
	SET last_seq = last_seq + 1, prev_hash = last_hash, last_hash = encode(sha256(convert_to(last_hash || p_canonical, 'UTF8')), 'hex')
	WHERE organization_id = p_organization_id
	RETURNING last_seq, prev_hash, last_hash INTO v_seq, v_prev, v_hash;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'organization % has no audit chain', p_organization_id;
	END IF;
	INSERT INTO audit_log (id, organization_id, seq, at, actor_type, actor_id, actor_label, action, resource_type, resource_id, changes, request_id, ip, user_agent, prev_hash, hash)
	VALUES (p_id, p_organization_id, v_seq, p_at, p_actor_type, p_actor_id, p_actor_label, p_action, p_resource_type, p_resource_id, p_changes, p_request_id, p_ip, p_user_agent, v_prev, v_hash);
	RETURN v_seq;
END
$$;
