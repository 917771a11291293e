-- The Änderungsverlauf by month of `at` (server/platform/db/migrations/202611291430_time_partitions.sql): the
-- retention drops whole months, the straddling month is trimmed by a DELETE. Same name and columns: the previous
-- release reads and writes it unchanged.
SELECT partition_table_by_time('change_record', 'at', 'month', interval '2 months');
