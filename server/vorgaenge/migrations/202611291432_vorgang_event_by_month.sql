-- A Vorgang's history by month of `changed_at` (server/platform/db/migrations/202611291430_time_partitions.sql).
-- It has no retention (the Statusverlauf lives as long as its Vorgang); the months keep each partition and its
-- indexes small. Same name and columns: the previous release reads and writes it unchanged.
SELECT partition_table_by_time('vorgang_event', 'changed_at', 'month', interval '2 months');
