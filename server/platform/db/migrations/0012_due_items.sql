-- Todos and Fällige Labels read due customer labels by date; Vorgang labels and activities have
-- such indexes since 0002.
CREATE INDEX customer_label_due_idx ON customer_label (due_date) WHERE due_date IS NOT NULL;
-- "My" customers' due labels are found through the customer's Betreuer (customer_owner_idx) or branch.
