-- An automation may start when a customer answers an online offer: accepted, declined or a question
-- (offer_link_event, written by the public offer page). The answer's event row is the record event's own record,
-- so each answer fires once.
ALTER TABLE automation DROP CONSTRAINT automation_trigger_kind_check,
  ADD CONSTRAINT automation_trigger_kind_check
    CHECK (trigger_kind IN ('beleg', 'eigenerStatus', 'datum', 'inaktiv', 'nps', 'angebotOnline'));
ALTER TABLE automation_event DROP CONSTRAINT automation_event_kind_check,
  ADD CONSTRAINT automation_event_kind_check CHECK (kind IN ('beleg', 'eigenerStatus', 'nps', 'angebotOnline'));

CREATE FUNCTION automation_offer_answered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF automation_listens('angebotOnline') THEN
    INSERT INTO automation_event (kind, vorgang_id, customer_id, record_id, details, origin_run_id)
    SELECT 'angebotOnline', l.vorgang_id, l.customer_id, NEW.id,
      jsonb_build_object('answer', NEW.kind, 'belegNumber', b.beleg_number), automation_origin_run()
    FROM offer_link l JOIN beleg b ON b.id = l.beleg_id WHERE l.id = NEW.offer_link_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER automation_offer_answer AFTER INSERT ON offer_link_event
  FOR EACH ROW WHEN (NEW.kind IN ('angenommen', 'abgelehnt', 'rueckfrage'))
  EXECUTE FUNCTION automation_offer_answered();
