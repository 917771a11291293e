-- The usage data (sign-ins, downloads) by month of `occurred_at`
-- (server/platform/db/migrations/202611291430_time_partitions.sql); Admin → Nutzung reads a period, so only its
-- months. Same name and columns: the previous release reads and writes it unchanged.
SELECT partition_table_by_time('analytics_event', 'occurred_at', 'month', interval '2 months');
