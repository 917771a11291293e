import { sql, type RawBuilder } from 'kysely';

/** Net revenue of a Beleg row `b`: invoices count, credit notes count against them, offers not at all. */
export const netRevenue = (amount: RawBuilder<unknown>) =>
  sql`CASE b.beleg_type WHEN 'rechnung' THEN ${amount} WHEN 'gutschrift' THEN -${amount} ELSE 0 END`;
