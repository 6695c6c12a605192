-- A recorded event's notification names its seq ("<call_id> event <seq>"): a watcher that has the
-- event already (the media socket forwards its own conversation's events as they happen) need not
-- read the call's events again to find nothing new.
CREATE OR REPLACE FUNCTION "notify_call_event"() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	PERFORM pg_notify('call_changes', NEW.call_id::text || ' event ' || coalesce(NEW.payload->>'seq', ''));
	RETURN NULL;
END
$$;
