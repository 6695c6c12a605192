-- Wakes whoever follows a call (its media socket, its event stream, its end watch) on any instance
-- when the call changes, instead of each of them polling: NOTIFY on channel call_changes with
-- "<call_id> event" for every recorded event and "<call_id> status" for every change of status.
-- Delivered at commit (nothing for a rolled-back write), to every process LISTENing on this database.
CREATE FUNCTION "notify_call_event"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	PERFORM pg_notify('call_changes', NEW.call_id::text || ' event');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_call_status"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	PERFORM pg_notify('call_changes', NEW.id::text || ' status');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "call_events_notify" AFTER INSERT ON "call_events"
	FOR EACH ROW EXECUTE FUNCTION "notify_call_event"();
--> statement-breakpoint
CREATE TRIGGER "calls_status_notify" AFTER UPDATE OF "status" ON "calls"
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "notify_call_status"();
