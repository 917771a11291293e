-- Graph allows four requests in flight per mailbox and app, counted over every instance of the app: each Graph
-- call holds one of its mailbox's slots here while it runs (no state in one process that another would need).
-- A slot whose instance stopped mid-call frees itself when its lease ends. Unlogged: slots are only worth
-- anything while their calls run, a crash may lose them.
CREATE UNLOGGED TABLE m365_mailbox_slot (
  mailbox text NOT NULL,
  slot smallint NOT NULL,
  holder uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (mailbox, slot)
);
