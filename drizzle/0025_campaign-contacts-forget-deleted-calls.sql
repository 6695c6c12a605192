-- A deleted call (retention, erasure, DELETE /v1/calls/{id}) leaves no campaign contact pointing at it:
-- the contact keeps its status, attempts and outcome, and its last_call_id becomes null. A contact whose
-- live attempt was deleted can never hear from that call again: it is failed, so that its campaign can
-- finish. Only that change moves updated_at (call retention ages contacts out by it). One statement-level trigger with the deleted rows as a transition table: a batch of 500
-- deleted calls is one join on the contacts' primary key, not 500 look-ups.
CREATE OR REPLACE FUNCTION campaign_contacts_forget_deleted_calls() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_contacts AS contact
     SET last_call_id = NULL,
         status = CASE WHEN contact.status IN ('dialing', 'in_progress') THEN 'failed' ELSE contact.status END,
         next_attempt_at = CASE WHEN contact.status IN ('dialing', 'in_progress') THEN NULL ELSE contact.next_attempt_at END,
         updated_at = CASE WHEN contact.status IN ('dialing', 'in_progress') THEN now() ELSE contact.updated_at END
    FROM deleted_calls AS deleted
   WHERE deleted.campaign_contact_id IS NOT NULL
     AND contact.id = deleted.campaign_contact_id
     AND contact.last_call_id = deleted.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calls_campaign_contacts_forget AFTER DELETE ON calls
  REFERENCING OLD TABLE AS deleted_calls
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_contacts_forget_deleted_calls();
