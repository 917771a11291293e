-- Uploaded files may live in a shared blob store (Azure Blob Storage) that can be briefly
-- away. Deleting a file's record also records its stored name here, in the same transaction; the bytes are
-- deleted right after, and this row with them. When that fails the row stays, and a periodic job (one
-- instance at a time, advisory lock) deletes the bytes later (server/platform/files/pendingDeletes.ts).
CREATE TABLE file_store_pending_delete (
  stored_name text PRIMARY KEY,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz
);
