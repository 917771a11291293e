-- What a queued mail gets only when it leaves. attachment_source: the reference of the file to attach, made
-- from it at that moment (e.g. the simplified offer of an Angebot, with the sender as they were when queueing),
-- so the Postausgang keeps no file. hidden_fills: texts the sent mail carries in place of their masks (a
-- survey's personal link), which the Postausgang, the timeline and the logs show masked; emptied once sent.
ALTER TABLE sent_mail ADD COLUMN attachment_source jsonb, ADD COLUMN hidden_fills jsonb;
