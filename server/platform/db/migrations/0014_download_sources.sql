-- The Dateien area: download_item becomes the id registry of the area's source (a folder on
-- the server or a SharePoint library). The client only ever sees these ids, never a path; each row names
-- its item in the source by `item_key` (folder source: path relative to DOWNLOADS_DIR, '' for the top;
-- SharePoint: the drive item id). Files keep a stored_file row (owner_type 'download') so downloads are
-- counted in analytics_event and Admin → Nutzung names them.
ALTER TABLE download_item
  ADD COLUMN source text NOT NULL DEFAULT 'ordner' CHECK (source IN ('ordner', 'sharepoint')),
  ADD COLUMN item_key text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX download_item_source_item_key_key ON download_item (source, item_key);
