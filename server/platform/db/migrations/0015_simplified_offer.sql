-- Vereinfachtes Angebot: the rest of each seller's layout settings, the VAT rate of a
-- position, and the names of the files a sent mail carried (Admin → Postausgang shows them).

ALTER TABLE simplified_offer_config
  ADD COLUMN show_zero_positions boolean NOT NULL DEFAULT false,
  ADD COLUMN show_discount_line boolean NOT NULL DEFAULT true,
  ADD COLUMN intro_template_id integer REFERENCES text_template (id) ON DELETE SET NULL,
  ADD COLUMN closing_template_id integer REFERENCES text_template (id) ON DELETE SET NULL,
  ADD COLUMN signature text,
  ADD COLUMN updated_by text;

-- The ERP's VAT rate in percent; NULL: the tenant's standard rate (AT 20 %, DE 19 %).
ALTER TABLE beleg_position
  ADD COLUMN vat_rate numeric(5, 2) CHECK (vat_rate >= 0 AND vat_rate < 100);

-- File names and sizes of the attachments, e.g. "Angebot_AN-1001.pdf (48 kB)"; NULL: none.
ALTER TABLE sent_mail
  ADD COLUMN attachments text;
