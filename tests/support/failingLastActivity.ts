import { sql } from 'kysely';
import type { Database } from '../../server/platform/db/database';

/**
 * Makes the change of a customer's last activity fail (a trigger in the test's own database), so that a route
 * writing a row and then that date shows whether both are in one transaction: the first row must go with the
 * failed second write. The customer's last activity is set far back first, so every write moves it. Returns
 * the function that lets the date change again.
 */
export async function failLastActivityOf(db: Database, customerId: number): Promise<() => Promise<void>> {
  await sql`CREATE TABLE IF NOT EXISTS test_failing_last_activity (customer_id int PRIMARY KEY)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION test_fail_last_activity() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_failing_last_activity WHERE customer_id = NEW.id) THEN
        RAISE EXCEPTION 'test: the last activity of customer % may not change', NEW.id;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`DROP TRIGGER IF EXISTS test_fail_last_activity ON customer`.execute(db);
  await sql`
    CREATE TRIGGER test_fail_last_activity BEFORE UPDATE OF last_activity_at ON customer FOR EACH ROW
    WHEN (NEW.last_activity_at IS DISTINCT FROM OLD.last_activity_at)
    EXECUTE FUNCTION test_fail_last_activity()`.execute(db);
  await sql`UPDATE customer SET last_activity_at = '2020-01-01' WHERE id = ${customerId}`.execute(db);
  await sql`INSERT INTO test_failing_last_activity VALUES (${customerId})`.execute(db);
  return async () => {
    await sql`DELETE FROM test_failing_last_activity WHERE customer_id = ${customerId}`.execute(db);
  };
}
