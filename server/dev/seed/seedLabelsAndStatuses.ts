import type { Database } from '../../platform/db/database';
import { CUSTOM_STATUSES, LABELS, REASONS, STAMMDATEN } from './catalog';
import { SEED_AUTHOR, type SeedContext } from './seedContext';

/** Inserts the labels, the reasons with their labels, the Stammdaten values and the Eigene Status. */
export async function seedLabelsAndStatuses(
  db: Database,
): Promise<Pick<SeedContext, 'labels' | 'reasons' | 'customStatuses'>> {
  const labels = [];
  for (const l of LABELS) {
    const row = await db
      .insertInto('label')
      .values({
        name: l.name,
        color: l.color,
        for_customer: l.forCustomer,
        for_vorgang: l.forVorgang,
        due_after_days: l.dueAfterDays,
        updated_by: SEED_AUTHOR,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    labels.push({ ...l, id: row.id });
  }

  const reasons = [];
  for (const [index, r] of REASONS.entries()) {
    const row = await db
      .insertInto('reason_option')
      .values({ text: r.text, sort_order: (index + 1) * 10, updated_by: SEED_AUTHOR })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const name of r.labels) {
      const label = labels.find((l) => l.name === name)!;
      await db.insertInto('reason_option_label').values({ reason_id: row.id, label_id: label.id }).execute();
    }
    reasons.push({ id: row.id, text: r.text });
  }

  for (const [category, values] of Object.entries(STAMMDATEN)) {
    for (const [index, value] of values.entries()) {
      await db
        .insertInto('stammdaten')
        .values({ category, value, sort_order: (index + 1) * 10, updated_by: SEED_AUTHOR })
        .execute();
    }
  }

  const customStatuses: Record<string, number> = {};
  for (const [index, s] of CUSTOM_STATUSES.entries()) {
    const row = await db
      .insertInto('custom_status')
      .values({
        name: s.name,
        color: s.color,
        sort_order: (index + 1) * 10,
        win_probability: s.winProbability,
        stagnant_after_days: s.stagnantAfterDays,
        updated_by: SEED_AUTHOR,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    customStatuses[s.name] = row.id;
  }
  return { labels, reasons, customStatuses };
}
