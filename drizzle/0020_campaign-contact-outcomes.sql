-- A campaign contact follows its last call, in the transaction that changes the call, whoever changes it
-- (carrier webhooks, the media session, the SIP process, the dead-instance sweeps, terminate): answered →
-- in_progress; the end decides completed, retry_scheduled (the retry delay; the dispatcher then moves it
-- into the contact's calling window) or failed; the campaign completes once nothing is left to call.
CREATE OR REPLACE FUNCTION campaign_contact_follow_call() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_contact campaign_contacts%ROWTYPE;
  v_campaign campaigns%ROWTYPE;
  v_outcome text;
  v_category text;
  v_retry_on jsonb;
BEGIN
  IF NEW.campaign_contact_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.end_reason IS NOT DISTINCT FROM OLD.end_reason
     AND NEW.answer_type IS NOT DISTINCT FROM OLD.answer_type THEN
    RETURN NEW;
  END IF;
  SELECT * INTO v_contact FROM campaign_contacts WHERE id = NEW.campaign_contact_id AND last_call_id = NEW.id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  IF NEW.status = 'in_progress' THEN
    IF v_contact.status = 'dialing' THEN
      UPDATE campaign_contacts SET status = 'in_progress', updated_at = now() WHERE id = v_contact.id;
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.status NOT IN ('ended', 'failed') THEN
    RETURN NEW;
  END IF;
  v_outcome := CASE WHEN NEW.answer_type = 'voicemail' THEN 'voicemail' ELSE NEW.end_reason END;
  IF v_contact.status NOT IN ('dialing', 'in_progress') THEN
    -- Decided already: only the outcome's words may change (a transfer's result, a late machine result).
    UPDATE campaign_contacts SET outcome = v_outcome, updated_at = now() WHERE id = v_contact.id AND outcome IS DISTINCT FROM v_outcome;
    RETURN NEW;
  END IF;
  SELECT * INTO v_campaign FROM campaigns WHERE id = NEW.campaign_id;
  v_retry_on := coalesce(v_campaign.retry -> 'retry_on', '[]'::jsonb);
  v_category := CASE
    WHEN NEW.answer_type = 'voicemail' THEN 'voicemail'
    WHEN NEW.status = 'ended' THEN 'answered'
    WHEN NEW.end_reason = 'busy' THEN 'busy'
    WHEN NEW.end_reason = 'no_answer' THEN 'no_answer'
    WHEN NEW.end_reason = 'terminated' THEN 'terminated'
    ELSE 'failed'
  END;
  IF v_category = 'answered' OR (v_category = 'voicemail' AND NOT v_retry_on ? 'voicemail') THEN
    UPDATE campaign_contacts SET status = 'completed', outcome = v_outcome, next_attempt_at = NULL, updated_at = now() WHERE id = v_contact.id;
  ELSIF v_campaign.status IN ('scheduled', 'running', 'paused')
        AND v_retry_on ? v_category
        AND v_contact.attempts < coalesce((v_campaign.retry ->> 'max_attempts')::int, 1) THEN
    UPDATE campaign_contacts
       SET status = 'retry_scheduled',
           outcome = v_outcome,
           next_attempt_at = coalesce(NEW.end_time, now()) + make_interval(mins => coalesce((v_campaign.retry ->> 'delay_minutes')::int, 60)),
           next_attempt_in_window = false,
           updated_at = now()
     WHERE id = v_contact.id;
  ELSE
    UPDATE campaign_contacts SET status = 'failed', outcome = v_outcome, next_attempt_at = NULL, updated_at = now() WHERE id = v_contact.id;
  END IF;
  IF v_campaign.status = 'running' AND NOT EXISTS (
    SELECT 1 FROM campaign_contacts
     WHERE campaign_id = NEW.campaign_id AND status IN ('pending', 'scheduled', 'dialing', 'in_progress', 'retry_scheduled')
  ) THEN
    UPDATE campaigns SET status = 'completed', completed_at = now(), updated_at = now() WHERE id = NEW.campaign_id AND status = 'running';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER calls_campaign_contact_insert AFTER INSERT ON calls
  FOR EACH ROW WHEN (NEW.campaign_contact_id IS NOT NULL) EXECUTE FUNCTION campaign_contact_follow_call();
--> statement-breakpoint
CREATE TRIGGER calls_campaign_contact_update AFTER UPDATE OF status, end_reason, answer_type ON calls
  FOR EACH ROW WHEN (NEW.campaign_contact_id IS NOT NULL) EXECUTE FUNCTION campaign_contact_follow_call();
